import type { BatchRequestResultV1, GenerationRequest } from '@medhelm/core';
import { isRetryableStatus, redactSecrets } from '@medhelm/http';
import { openAiBatchOutputLineSchema } from './openai-batch-schema.ts';
import { parseChatCompletion } from './parse-chat-completion.ts';
import { type ChatCompletionBodyOptions, toChatCompletionBody } from './to-chat-completion-body.ts';

/** What reading a batch's output lines needs: how the requests were encoded, and what to hide. */
export interface ChatCompletionsBatchLineReader {
  /** Starts every error message (`openai model "gpt-4o"`). */
  prefix: string;
  /** The `model` of the encoded bodies. */
  model: string;
  bodyOptions: ChatCompletionBodyOptions;
  /** The request of a custom id, when the engine gives it (see BatchResultsOptionsV1.request). */
  request: ((customId: string) => GenerationRequest | undefined) | undefined;
  /** Redacted from every message (a server may echo a key back). */
  secrets: readonly string[];
}

/**
 * One line of an OpenAI (or Azure OpenAI) batch output or error file as the result of its request:
 * a 200 body is read by the same `parseChatCompletion` as the synchronous path (cut at the stop
 * sequences a reasoning model was not sent, when the request is known), so a batch answer equals
 * the synchronous one; another status is `errored` (retryable for 408/409/425/429/5xx, as the
 * synchronous path retries); `batch_expired` and `batch_cancelled` are `expired` and `canceled`.
 * A line that names no custom id is undefined: its request is reported missing by the engine.
 */
export function readChatCompletionsBatchLine(
  text: string,
  reader: ChatCompletionsBatchLineReader,
): BatchRequestResultV1 | undefined {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return undefined;
  }
  const parsed = openAiBatchOutputLineSchema.safeParse(json);
  if (!parsed.success) return undefined;
  const { custom_id: customId, response, error } = parsed.data;
  const fail = (reason: 'errored' | 'expired' | 'canceled', message: string, retryable: boolean) => ({
    customId,
    error: { reason, message: redactSecrets(`${reader.prefix}: ${message}`, reader.secrets), retryable },
  });

  if (response === null || response === undefined) {
    const code = error?.code ?? 'unknown_error';
    const message = `${code}${error?.message ? `: ${error.message}` : ''}`;
    if (code === 'batch_expired') return fail('expired', message, false);
    if (code === 'batch_cancelled') return fail('canceled', message, false);
    return fail('errored', `the batch did not run the request (${message})`, false);
  }
  if (response.status_code !== 200) {
    const status = response.status_code;
    const apiMessage = errorMessageOf(response.body);
    return fail(
      'errored',
      `HTTP ${status} in the batch${apiMessage === undefined ? '' : `: ${apiMessage}`}`,
      isRetryableStatus(status),
    );
  }
  const request = reader.request?.(customId);
  const requestBody =
    request === undefined
      ? { messages: [] }
      : toChatCompletionBody(reader.model, request, reader.bodyOptions);
  const completion = parseChatCompletion(response.body, {
    requestBody,
    truncateAt: reader.bodyOptions.reasoning && request !== undefined ? request.stopSequences : [],
  });
  if (!completion.success) {
    // As the synchronous path: a success without a usable answer is worth another try.
    return fail(
      'errored',
      `the batch's answer is not a chat completion (${completion.problems.slice(0, 3).join('; ')})`,
      true,
    );
  }
  return {
    customId,
    result: {
      completions: completion.completions,
      usage: completion.usage,
      // A batch reports no time per request; the engine's batch timing says how long it took.
      requestTimeSeconds: 0,
      requestDatetime: createdOf(response.body) ?? Math.floor(Date.now() / 1000),
    },
  };
}

/** `error.message` of an OpenAI error body, if it is one. */
function errorMessageOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const error = (body as { error?: unknown }).error;
  if (typeof error === 'string') return error;
  const message = (error as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' ? message : undefined;
}

/** `created` of a chat completion: when the server answered, epoch seconds. */
function createdOf(body: unknown): number | undefined {
  const created = (body as { created?: unknown } | null | undefined)?.created;
  return typeof created === 'number' && Number.isFinite(created) ? Math.floor(created) : undefined;
}
