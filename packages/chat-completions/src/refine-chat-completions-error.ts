import { ModelCallError } from '@medhelm/core';
import type { ChatCompletionsErrorHints } from './create-chat-completions-model.ts';

/**
 * Refines a ModelCallError of a chat-completions call (synchronous or batch) with what the provider
 * knows: a more specific hint, and OpenAI's `insufficient_quota` 429, which waiting does not cure.
 * The errors of `@medhelm/http` are already redacted, and nothing here adds a secret.
 */
export function refineChatCompletionsError(
  error: unknown,
  hints: ChatCompletionsErrorHints | undefined,
): unknown {
  if (!ModelCallError.isInstance(error)) return error;
  const outOfQuota = error.status === 429 && apiErrorCode(error.body) === 'insufficient_quota';
  const hint = outOfQuota
    ? 'The account is out of credit or over its spending limit: check the plan and billing details.'
    : error.status === 401 || error.status === 403
      ? hints?.unauthorized
      : error.status === 404
        ? hints?.notFound
        : error.status === undefined && /ECONNREFUSED/.test(error.message)
          ? hints?.connectionRefused
          : undefined;
  if (hint === undefined) return error;
  return new ModelCallError(
    error.message,
    {
      url: error.url,
      status: error.status,
      headers: error.headers,
      body: error.body,
      isRetryable: outOfQuota ? false : error.isRetryable,
    },
    { hint, cause: error.cause },
  );
}

/** `error.code` (or `error.type`) of an OpenAI-style error body. */
function apiErrorCode(body: string | undefined): string | undefined {
  if (body === undefined) return undefined;
  try {
    const json = JSON.parse(body) as { error?: { code?: unknown; type?: unknown } };
    if (typeof json.error?.code === 'string') return json.error.code;
    if (typeof json.error?.type === 'string') return json.error.type;
  } catch {
    // Not JSON (or cut to the excerpt limit): no code to read.
  }
  return undefined;
}
