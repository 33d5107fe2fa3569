import type {
  Completion,
  GenerateOptionsV1,
  GenerationRequest,
  GenerationResult,
  LanguageModelV1,
  Usage,
} from '@medhelm/core';
import { ModelCallError, type ModelCallErrorDetails } from '@medhelm/core';
import { Agent, request } from 'undici';
import {
  type ChatCompletionResponse,
  chatCompletionResponseSchema,
  chatCompletionUsageSchema,
} from './chat-completion-response-schema.ts';
import { isRetryableNetworkError, isRetryableStatus, networkErrorCode } from './is-retryable.ts';
import { redactSecret, truncate } from './redact.ts';

/** Longest response body excerpt kept in a ModelCallError. */
export const BODY_EXCERPT_LIMIT = 2000;

/** Everything one chat model needs; built by the provider from the user's settings. */
export interface OpenAiCompatibleChatModelConfig {
  providerId: string;
  modelId: string;
  /** Normalised base URL (no trailing slash), e.g. `http://127.0.0.1:8000/v1`. */
  baseUrl: string;
  /** The same URL without credentials, for errors and the cache identity. */
  displayBaseUrl: string;
  /** The API key, or undefined to send no Authorization header. */
  apiKey: string | undefined;
  /** The environment variable the key comes from, named in errors (never its value). */
  apiKeyEnvVar: string;
  /** Whether a call without a key must fail before reaching the network (api.openai.com). */
  requiresApiKey: boolean;
  /** Headers and body timeout of each call, milliseconds. */
  timeoutMs: number;
}

/** A LanguageModelV1 speaking chat completions; `close` ends its keep-alive connections. */
export interface OpenAiCompatibleLanguageModel extends LanguageModelV1 {
  close(): Promise<void>;
}

/** The JSON body of `POST /chat/completions`, in the API's field names. */
export interface ChatCompletionRequestBody {
  model: string;
  messages: { role: string; content: string }[];
  temperature: number;
  max_tokens: number;
  n: number;
  top_p: number;
  presence_penalty: number;
  frequency_penalty: number;
  stop?: string[];
}

/**
 * Builds the chat-completions body for a request. A text prompt goes as one user message, as
 * HELM's chat clients send it; `stop` is left out when empty because some servers reject `[]`.
 */
export function toChatCompletionBody(
  modelId: string,
  generation: GenerationRequest,
): ChatCompletionRequestBody {
  const body: ChatCompletionRequestBody = {
    model: modelId,
    messages: generation.messages
      ? generation.messages.map(({ role, content }) => ({ role, content }))
      : [{ role: 'user', content: generation.prompt }],
    temperature: generation.temperature,
    max_tokens: generation.maxTokens,
    n: generation.numCompletions,
    top_p: generation.topP,
    presence_penalty: generation.presencePenalty,
    frequency_penalty: generation.frequencyPenalty,
  };
  if (generation.stopSequences.length > 0) body.stop = [...generation.stopSequences];
  return body;
}

/**
 * Creates a chat model with its own undici Agent, so connections to one server are kept alive
 * and reused across calls. The key lives only in this closure: it is not a property of the
 * returned object, so logging or serialising the model cannot reveal it.
 */
export function createOpenAiCompatibleChatModel(
  config: OpenAiCompatibleChatModelConfig,
): OpenAiCompatibleLanguageModel {
  const { apiKey, modelId } = config;
  const url = `${config.baseUrl}/chat/completions`;
  const displayUrl = `${config.displayBaseUrl}/chat/completions`;
  const agent = new Agent({
    headersTimeout: config.timeoutMs,
    bodyTimeout: config.timeoutMs,
    keepAliveTimeout: 30_000,
    connect: { timeout: Math.min(config.timeoutMs, 30_000) },
  });
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/json',
    'user-agent': 'medhelm-ts (@medhelm/provider-openai-compatible)',
  };
  if (apiKey !== undefined) headers.authorization = `Bearer ${apiKey}`;
  const prefix = `${config.providerId} model "${modelId}"`;
  const keyHint = `Set the environment variable ${config.apiKeyEnvVar} to your API key (or name another variable with --api-key-env).`;

  // Every error goes through here: the key is scrubbed from the message, body and header values
  // (a misbehaving server may echo it back) and the URL is the credential-free one.
  function fail(
    message: string,
    details: ModelCallErrorDetails,
    hint?: string,
    cause?: unknown,
  ): ModelCallError {
    const scrubbedHeaders = Object.fromEntries(
      Object.entries(details.headers ?? {}).map(([name, value]) => [name, redactSecret(value, apiKey)]),
    );
    const body =
      details.body === undefined
        ? undefined
        : truncate(redactSecret(details.body, apiKey), BODY_EXCERPT_LIMIT);
    return new ModelCallError(
      redactSecret(`${prefix}: ${message}`, apiKey),
      { ...details, url: displayUrl, headers: scrubbedHeaders, body },
      { hint, cause },
    );
  }

  async function doGenerate(
    generation: GenerationRequest,
    options: GenerateOptionsV1 = {},
  ): Promise<GenerationResult> {
    if (config.requiresApiKey && apiKey === undefined) {
      // Checked per call rather than when the model is created: a run answered from the request
      // cache never calls the API and must not need a key.
      throw fail(
        `${config.displayBaseUrl} needs an API key and ${config.apiKeyEnvVar} is not set`,
        { isRetryable: false },
        keyHint,
      );
    }
    const body = toChatCompletionBody(modelId, generation);
    const requestDatetime = Math.floor(Date.now() / 1000);
    const started = performance.now();

    let status: number;
    let responseHeaders: Record<string, string>;
    let text: string;
    try {
      const response = await request(url, {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
        dispatcher: agent,
        signal: options.signal,
      });
      status = response.statusCode;
      responseHeaders = flattenHeaders(response.headers);
      text = await response.body.text();
    } catch (error) {
      if (options.signal?.aborted) {
        throw fail(`the request to ${displayUrl} was aborted`, { isRetryable: false }, undefined, error);
      }
      const code = networkErrorCode(error);
      const reason = error instanceof Error ? error.message : String(error);
      throw fail(
        `could not get a response from ${displayUrl}: ${code !== undefined && !reason.includes(code) ? `${code} ` : ''}${reason}`,
        { isRetryable: isRetryableNetworkError(error) },
        code === 'ECONNREFUSED'
          ? 'Is the server running, and is --base-url right (it usually ends in /v1)?'
          : undefined,
        error,
      );
    }
    const requestTimeSeconds = (performance.now() - started) / 1000;

    if (status < 200 || status >= 300) {
      const details = {
        status,
        headers: responseHeaders,
        body: text,
        isRetryable: isRetryableStatus(status),
      };
      const apiMessage = apiErrorMessage(text);
      const hint =
        status === 401 || status === 403
          ? apiKey === undefined
            ? keyHint
            : `Check the API key in ${config.apiKeyEnvVar} and that it may use this model.`
          : statusHint(status);
      throw fail(
        `HTTP ${status} from ${displayUrl}${apiMessage ? `: ${truncate(apiMessage, 500)}` : ''}`,
        details,
        hint,
      );
    }

    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw fail(`the response from ${displayUrl} is not JSON`, {
        status,
        headers: responseHeaders,
        body: text,
        isRetryable: false,
      });
    }
    const parsed = chatCompletionResponseSchema.safeParse(json);
    if (!parsed.success) {
      const problems = parsed.error.issues.map(
        (issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`,
      );
      throw fail(
        `the response from ${displayUrl} is not a chat completion (${problems.slice(0, 3).join('; ')})`,
        {
          status,
          headers: responseHeaders,
          body: text,
          isRetryable: false,
        },
      );
    }

    const completions = toCompletions(parsed.data);
    return {
      completions,
      usage: toUsage(parsed.data.usage, body, completions),
      requestTimeSeconds,
      requestDatetime,
    };
  }

  return {
    specificationVersion: 'v1',
    providerId: config.providerId,
    modelId,
    cacheIdentity: { baseUrl: config.displayBaseUrl },
    doGenerate,
    close: () => agent.close(),
  };
}

/** Choices in index order, each with its text and finish reason in HELM's vocabulary. */
function toCompletions(response: ChatCompletionResponse): Completion[] {
  return response.choices
    .map((choice, position) => ({ choice, index: choice.index ?? position }))
    .sort((a, b) => a.index - b.index)
    .map(({ choice }) => ({
      text: contentText(choice.message.content),
      // 'stop' and 'length' are HELM's words too; anything else (content_filter, tool_calls) is kept.
      finishReason: choice.finish_reason ?? 'unknown',
    }));
}

function contentText(content: ChatCompletionResponse['choices'][number]['message']['content']): string {
  if (content === null || content === undefined) return '';
  if (typeof content === 'string') return content;
  return content.map((part) => part.text ?? '').join('');
}

/** The server's usage, or an estimate of about four characters per token when it reports none. */
function toUsage(usage: unknown, body: ChatCompletionRequestBody, completions: readonly Completion[]): Usage {
  const reported = chatCompletionUsageSchema.safeParse(usage);
  if (reported.success) {
    return { promptTokens: reported.data.prompt_tokens, completionTokens: reported.data.completion_tokens };
  }
  const promptCharacters = body.messages.reduce((total, message) => total + message.content.length, 0);
  const completionCharacters = completions.reduce((total, completion) => total + completion.text.length, 0);
  return {
    promptTokens: Math.ceil(promptCharacters / 4),
    completionTokens: Math.ceil(completionCharacters / 4),
    estimated: true,
  };
}

/** `error.message` of an OpenAI-style error body, if the body is one. */
function apiErrorMessage(text: string): string | undefined {
  try {
    const json = JSON.parse(text) as { error?: { message?: unknown } | string; message?: unknown };
    if (typeof json.error === 'string') return json.error;
    if (typeof json.error?.message === 'string') return json.error.message;
    if (typeof json.message === 'string') return json.message;
  } catch {
    // Not JSON: the body excerpt in the error says what the server sent.
  }
  return undefined;
}

function statusHint(status: number): string | undefined {
  if (status === 404) return 'Check the model id and the base URL (it usually ends in /v1).';
  if (status === 429) return 'The server is rate limiting; lower the concurrency or wait.';
  return undefined;
}

// Response headers with lower-case names and one string value each; cookies are dropped.
function flattenHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    if (value === undefined || lower === 'set-cookie') continue;
    flat[lower] = Array.isArray(value) ? value.join(', ') : value;
  }
  return flat;
}
