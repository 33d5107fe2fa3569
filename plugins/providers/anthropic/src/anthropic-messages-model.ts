import {
  type Completion,
  type GenerateOptionsV1,
  type GenerationRequest,
  type GenerationResult,
  type LanguageModelV1,
  ModelCallError,
  type Usage,
} from '@medhelm/core';
import {
  createHttpAgent,
  describeIssues,
  missingApiKeyError,
  postJson,
  unexpectedResponseError,
} from '@medhelm/http';
import { toCompletion } from './anthropic-completion.ts';
import { anthropicMessageSchema } from './anthropic-message-schema.ts';
import { sumAnthropicUsage, toAnthropicUsage } from './anthropic-usage.ts';
import { createAnthropicBatch } from './create-anthropic-batch.ts';
import { type AnthropicMessagesRequestBody, toAnthropicMessagesBody } from './to-anthropic-messages-body.ts';
import { toAnthropicModelCallError } from './to-anthropic-model-call-error.ts';

/** The `anthropic-version` header this provider speaks (the only version of the Messages API). */
export const ANTHROPIC_VERSION = '2023-06-01';

/** Everything one Claude model needs; built by the provider from the user's settings. */
export interface AnthropicMessagesModelConfig {
  providerId: string;
  modelId: string;
  /** The API root without `/v1` and without a trailing slash, e.g. `https://api.anthropic.com`. */
  baseUrl: string;
  /** The key, or undefined when the variable is unset (then every call fails, naming it). */
  apiKey: string | undefined;
  /** The environment variable the key comes from, named in errors (never its value). */
  apiKeyEnvVar: string;
  /** Longest wait for one complete response, milliseconds. */
  timeoutMs: number;
  /** Most sockets to the server (ProviderSettingsV1.connections; default 16). */
  connections?: number;
}

/** A LanguageModelV1 speaking the Messages API; `close` ends its keep-alive connections. */
export interface AnthropicLanguageModel extends LanguageModelV1 {
  close(): Promise<void>;
}

/** What one Messages API call gave: one completion and its usage. */
interface OneMessage {
  completion: Completion;
  usage: Usage;
  elapsedSeconds: number;
}

/**
 * Creates a Claude model with its own undici Agent (keep-alive connections reused across calls).
 * The key lives only in this closure, not on the returned object, so logging or serialising the
 * model cannot reveal it. The Messages API returns one message per call, so a request for n
 * completions makes n calls, one after the other, and sums their usage and time. Its `batch` is
 * Anthropic's Message Batches API (see createAnthropicBatch).
 */
export function createAnthropicMessagesModel(config: AnthropicMessagesModelConfig): AnthropicLanguageModel {
  const { apiKey, apiKeyEnvVar, modelId, providerId } = config;
  const url = `${config.baseUrl}/v1/messages`;
  const agent = createHttpAgent({ connections: config.connections });
  const secrets = apiKey === undefined ? [] : [apiKey];

  async function callOnce(
    body: AnthropicMessagesRequestBody,
    key: string,
    signal: AbortSignal | undefined,
  ): Promise<OneMessage> {
    let response: Awaited<ReturnType<typeof postJson>>;
    try {
      response = await postJson({
        providerId,
        url,
        headers: {
          'x-api-key': key,
          'anthropic-version': ANTHROPIC_VERSION,
          'content-type': 'application/json',
        },
        body,
        timeoutMs: config.timeoutMs,
        signal,
        dispatcher: agent,
        secrets,
      });
    } catch (error) {
      throw ModelCallError.isInstance(error) ? toAnthropicModelCallError(error, apiKeyEnvVar) : error;
    }
    const parsed = anthropicMessageSchema.safeParse(response.body);
    if (!parsed.success) {
      throw unexpectedResponseError(
        `${providerId}: the response from ${url} for model ${JSON.stringify(modelId)} is not a Messages API message (${describeIssues(parsed.error.issues)})`,
        response,
        { url, secrets },
      );
    }
    const completion = toCompletion(parsed.data);
    return {
      completion,
      usage: toAnthropicUsage(parsed.data.usage, body, completion),
      elapsedSeconds: response.elapsedSeconds,
    };
  }

  // Reported before the run starts (LanguageModelV1.unavailable), and by every call.
  const missingKey = {
    message: `${apiKeyEnvVar} is not set, so model ${JSON.stringify(modelId)} cannot be called`,
    hint: `Set ${apiKeyEnvVar} to your Anthropic API key (or name another variable with --api-key-env).`,
  };
  const unavailable = apiKey === undefined ? missingKey : undefined;

  async function doGenerate(
    generation: GenerationRequest,
    options: GenerateOptionsV1 = {},
  ): Promise<GenerationResult> {
    if (apiKey === undefined) {
      throw missingApiKeyError(`${providerId}: ${missingKey.message}`, { url, hint: missingKey.hint });
    }
    const body = toAnthropicMessagesBody(modelId, generation);
    const requestDatetime = Math.floor(Date.now() / 1000);
    const messages: OneMessage[] = [];
    for (let index = 0; index < generation.numCompletions; index++) {
      messages.push(await callOnce(body, apiKey, options.signal));
    }
    return {
      completions: messages.map((message) => message.completion),
      usage: sumAnthropicUsage(messages.map((message) => message.usage)),
      requestTimeSeconds: messages.reduce((total, message) => total + message.elapsedSeconds, 0),
      requestDatetime,
    };
  }

  return {
    specificationVersion: 'v1',
    providerId,
    modelId,
    cacheIdentity: { baseUrl: config.baseUrl, anthropicVersion: ANTHROPIC_VERSION },
    ...(unavailable === undefined ? {} : { unavailable }),
    batch: createAnthropicBatch({
      providerId,
      modelId,
      baseUrl: config.baseUrl,
      headers:
        apiKey === undefined ? undefined : { 'x-api-key': apiKey, 'anthropic-version': ANTHROPIC_VERSION },
      missingKey,
      apiKeyEnvVar,
      timeoutMs: config.timeoutMs,
      agent,
      secrets,
    }),
    doGenerate,
    close: () => agent.close(),
  };
}
