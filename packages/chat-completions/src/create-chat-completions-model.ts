import type { GenerateOptionsV1, GenerationRequest, GenerationResult, LanguageModelV1 } from '@medhelm/core';
import {
  createHttpAgent,
  missingApiKeyError,
  postJson,
  redactUrl,
  secretsFromHeaders,
  unexpectedResponseError,
} from '@medhelm/http';
import type { ChatCompletionsBatchEndpoint } from './chat-completions-batch-config.ts';
import { createChatCompletionsBatch } from './create-chat-completions-batch.ts';
import { parseChatCompletion } from './parse-chat-completion.ts';
import { refineChatCompletionsError } from './refine-chat-completions-error.ts';
import { type ChatCompletionBodyOptions, toChatCompletionBody } from './to-chat-completion-body.ts';

/** Hints added to errors, where the provider knows better than a generic HTTP client. */
export interface ChatCompletionsErrorHints {
  /** HTTP 401 and 403: which variable holds the key, what to check. */
  unauthorized?: string;
  /** HTTP 404: the model id, deployment name or base URL is wrong. */
  notFound?: string;
  /** Nothing listens at the URL. */
  connectionRefused?: string;
}

/** Everything one chat-completions model needs; built by a provider from the user's settings. */
export interface ChatCompletionsModelConfig {
  /** `LanguageModelV1.providerId`, e.g. `openai`. */
  providerId: string;
  /** `LanguageModelV1.modelId`: the id as the user wrote it (suffixes included). */
  modelId: string;
  /** The `model` field of the body; undefined leaves it out (Azure names the deployment in the URL). */
  wireModel: string | undefined;
  /** Full URL of the endpoint, query included (Azure's `api-version`). */
  url: string;
  /** Request headers, credentials included. Kept in a closure, never on the model object. */
  headers: Readonly<Record<string, string>>;
  /** The provider's dialect of the wire: reasoning-model parameters, `n`. */
  body?: ChatCompletionBodyOptions;
  /** `LanguageModelV1.cacheIdentity`: what besides the request decides the answer. No secrets. */
  cacheIdentity: Readonly<Record<string, string>>;
  /** Longest wait for a whole response, milliseconds. */
  timeoutMs: number;
  /** Most sockets to the server (ProviderSettingsV1.connections; default 16). */
  connections?: number;
  /**
   * Set when the call cannot be made (a required key or base URL is missing): the model reports it
   * as `LanguageModelV1.unavailable`, which the engine checks before a run starts, and every call
   * fails with a non-retryable ModelCallError without touching the network.
   */
  unavailable?: { message: string; hint?: string };
  hints?: ChatCompletionsErrorHints;
  /** Where the model's batches go, when its provider has a batch API (`LanguageModelV1.batch`). */
  batch?: ChatCompletionsBatchEndpoint;
}

/** A LanguageModelV1 speaking chat completions; `close` ends its keep-alive connections. */
export interface ChatCompletionsLanguageModel extends LanguageModelV1 {
  close(): Promise<void>;
}

/**
 * The one implementation of OpenAI's chat-completions call, used by the openai-compatible, openai
 * and azure-openai providers: builds the body, POSTs it through `@medhelm/http` on the model's own
 * keep-alive agent, and maps the response (choices, finish reasons, usage) or the failure (a
 * ModelCallError with `isRetryable`, the provider's hints, and no secret anywhere; OpenAI's
 * `insufficient_quota` 429 is made non-retryable). The headers live only in this closure, so
 * logging or serialising the model cannot reveal a key.
 */
export function createChatCompletionsModel(config: ChatCompletionsModelConfig): ChatCompletionsLanguageModel {
  const { modelId, headers, timeoutMs } = config;
  const agent = createHttpAgent({ connections: config.connections });
  const prefix = `${config.providerId} model "${modelId}"`;
  const secrets = secretsFromHeaders(headers);
  const displayUrl = redactUrl(config.url, secrets);
  const bodyOptions = config.body ?? {};

  async function doGenerate(
    generation: GenerationRequest,
    options: GenerateOptionsV1 = {},
  ): Promise<GenerationResult> {
    if (config.unavailable !== undefined) {
      throw missingApiKeyError(`${prefix}: ${config.unavailable.message}`, {
        url: displayUrl,
        hint: config.unavailable.hint,
      });
    }
    const body = toChatCompletionBody(config.wireModel, generation, bodyOptions);
    const requestDatetime = Math.floor(Date.now() / 1000);

    let response: Awaited<ReturnType<typeof postJson>>;
    try {
      response = await postJson({
        providerId: prefix,
        url: config.url,
        headers,
        body,
        timeoutMs,
        signal: options.signal,
        dispatcher: agent,
        secrets,
      });
    } catch (error) {
      throw refineChatCompletionsError(error, config.hints);
    }

    const parsed = parseChatCompletion(response.body, {
      requestBody: body,
      // Reasoning models were not sent `stop`; cut their answers as the server would have.
      truncateAt: bodyOptions.reasoning ? generation.stopSequences : [],
    });
    if (!parsed.success) {
      throw unexpectedResponseError(
        `${prefix}: the response from ${displayUrl} is not a chat completion (${parsed.problems.slice(0, 3).join('; ')})`,
        response,
        { url: displayUrl, secrets },
      );
    }
    return {
      completions: parsed.completions,
      usage: parsed.usage,
      requestTimeSeconds: response.elapsedSeconds,
      requestDatetime,
    };
  }

  return {
    specificationVersion: 'v1',
    providerId: config.providerId,
    modelId,
    cacheIdentity: config.cacheIdentity,
    ...(config.unavailable === undefined ? {} : { unavailable: config.unavailable }),
    ...(config.batch === undefined
      ? {}
      : {
          batch: createChatCompletionsBatch({
            prefix,
            endpoint: config.batch,
            headers,
            bodyOptions,
            timeoutMs,
            agent,
            secrets,
            unavailable: config.unavailable,
            hints: config.hints,
          }),
        }),
    doGenerate,
    close: () => agent.close(),
  };
}
