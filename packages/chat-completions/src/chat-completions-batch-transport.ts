import {
  describeIssues,
  type fileUploadForm,
  type JsonResponse,
  missingApiKeyError,
  requestJson,
  unexpectedResponseError,
} from '@medhelm/http';
import type { z } from 'zod';
import type { ChatCompletionsBatchConfig } from './chat-completions-batch-config.ts';
import { type OpenAiBatch, openAiBatchSchema } from './openai-batch-schema.ts';
import { refineChatCompletionsError } from './refine-chat-completions-error.ts';

/** The calls of a chat-completions batch API: URLs, the key check, JSON requests, and reading their answers. */
export interface ChatCompletionsBatchTransport {
  /** The URL of a batch path (`/files`, `/batches/{id}`), the endpoint's query appended. */
  url(path: string): string;
  /** Throws the missing-key ModelCallError of `doGenerate` when no call can be made. */
  checkAvailable(): void;
  call(
    method: 'GET' | 'POST',
    path: string,
    payload: string | ReturnType<typeof fileUploadForm> | undefined,
    signal: AbortSignal | undefined,
  ): Promise<JsonResponse>;
  /** The answer as `schema` has it, or the retryable ModelCallError of an unexpected answer. */
  read<T>(schema: z.ZodType<T>, response: JsonResponse, what: string, path: string): T;
  batchObject(method: 'GET' | 'POST', path: string, signal: AbortSignal | undefined): Promise<OpenAiBatch>;
}

/**
 * The transport of one model's batch API: every call goes through `requestJson` on the model's
 * agent with its headers, fails as the synchronous path fails (refined with the provider's hints,
 * no secret in it), and a missing key fails before the network.
 */
export function createChatCompletionsBatchTransport(
  config: ChatCompletionsBatchConfig,
): ChatCompletionsBatchTransport {
  const { endpoint, headers, secrets, prefix } = config;
  const url = (path: string) => `${endpoint.root}${path}${endpoint.query}`;

  function checkAvailable(): void {
    if (config.unavailable === undefined) return;
    throw missingApiKeyError(`${prefix}: ${config.unavailable.message}`, {
      url: url('/batches'),
      hint: config.unavailable.hint,
    });
  }

  async function call(
    method: 'GET' | 'POST',
    path: string,
    payload: string | ReturnType<typeof fileUploadForm> | undefined,
    signal: AbortSignal | undefined,
  ): Promise<JsonResponse> {
    checkAvailable();
    try {
      return await requestJson({
        providerId: prefix,
        method,
        url: url(path),
        headers,
        ...(payload === undefined ? {} : { payload }),
        timeoutMs: config.timeoutMs,
        ...(signal === undefined ? {} : { signal }),
        dispatcher: config.agent,
        secrets,
      });
    } catch (error) {
      throw refineChatCompletionsError(error, config.hints);
    }
  }

  function read<T>(schema: z.ZodType<T>, response: JsonResponse, what: string, path: string): T {
    const parsed = schema.safeParse(response.body);
    if (parsed.success) return parsed.data;
    throw unexpectedResponseError(
      `${prefix}: the response from ${url(path)} is not ${what} (${describeIssues(parsed.error.issues)})`,
      response,
      { url: url(path), secrets },
    );
  }

  async function batchObject(
    method: 'GET' | 'POST',
    path: string,
    signal: AbortSignal | undefined,
  ): Promise<OpenAiBatch> {
    return read(openAiBatchSchema, await call(method, path, undefined, signal), 'a batch object', path);
  }

  return { url, checkAvailable, call, read, batchObject };
}
