import type { BatchApiV1 } from '@medhelm/core';
import type { createHttpAgent } from '@medhelm/http';
import type { ChatCompletionsErrorHints } from './create-chat-completions-model.ts';
import type { ChatCompletionBodyOptions } from './to-chat-completion-body.ts';

/**
 * Where and how a chat-completions model's batches go: OpenAI's Batch API and Azure OpenAI's
 * global batch speak one protocol (upload a JSONL file, create a batch of it, poll, download the
 * output and error files) under different paths, line URLs and model fields.
 */
export interface ChatCompletionsBatchEndpoint {
  /** The root the `/files` and `/batches` paths hang from: `https://api.openai.com/v1`, Azure `{endpoint}/openai`. */
  root: string;
  /** Appended to every batch URL: Azure's `?api-version=…`, or `''`. */
  query: string;
  /** The `url` of every line and the batch's `endpoint`: `/v1/chat/completions`, Azure `/chat/completions`. */
  endpoint: string;
  /** The `model` of every line's body (Azure: the deployment, which the synchronous path puts in the URL). */
  model: string;
  /** The provider's limits for one batch. */
  limits: BatchApiV1['limits'];
}

/** What a chat-completions model shares with its batch API: its endpoint, credentials, agent and dialect. */
export interface ChatCompletionsBatchConfig {
  /** Starts every error message (`openai model "gpt-4o"`). */
  prefix: string;
  endpoint: ChatCompletionsBatchEndpoint;
  /** Request headers, credentials included; kept in this closure only. */
  headers: Readonly<Record<string, string>>;
  bodyOptions: ChatCompletionBodyOptions;
  timeoutMs: number;
  agent: ReturnType<typeof createHttpAgent>;
  /** Redacted from every error and message. */
  secrets: readonly string[];
  /** Set when no call can be made (a missing key): every call fails as `doGenerate` does, without the network. */
  unavailable: { message: string; hint?: string } | undefined;
  hints: ChatCompletionsErrorHints | undefined;
}
