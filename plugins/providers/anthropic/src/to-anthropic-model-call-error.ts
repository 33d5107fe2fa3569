import { ModelCallError } from '@medhelm/core';
import { anthropicErrorBodySchema } from './anthropic-message-schema.ts';

/**
 * Adds what Anthropic's error body says to a ModelCallError from `postJson`: the error type
 * (`rate_limit_error`, `overloaded_error`, ...) in the message and a hint of what to do. Status,
 * headers (the `anthropic-ratelimit-*` family and `retry-after` included, unchanged), body excerpt
 * and `isRetryable` are kept as they are; errors without a status (network, timeout, abort) are
 * returned untouched. The body excerpt is already redacted, so nothing here can add a secret.
 */
export function toAnthropicModelCallError(error: ModelCallError, apiKeyEnvVar: string): ModelCallError {
  if (error.status === undefined) return error;
  const type = errorType(error.body);
  const hint = hintFor(type, error.status, apiKeyEnvVar) ?? error.hint;
  return new ModelCallError(
    type === undefined ? error.message : `${error.message} [${type}]`,
    {
      url: error.url,
      status: error.status,
      headers: error.headers,
      body: error.body,
      isRetryable: error.isRetryable,
    },
    { hint, cause: error },
  );
}

function errorType(body: string | undefined): string | undefined {
  if (body === undefined) return undefined;
  try {
    const parsed = anthropicErrorBodySchema.safeParse(JSON.parse(body));
    return parsed.success ? parsed.data.error.type : undefined;
  } catch {
    return undefined;
  }
}

// Types from Anthropic's error reference; statuses stand in when the body has no type.
function hintFor(type: string | undefined, status: number, apiKeyEnvVar: string): string | undefined {
  if (type === 'authentication_error' || status === 401) {
    return `Check the Anthropic API key in ${apiKeyEnvVar} (or name another variable with --api-key-env).`;
  }
  if (type === 'permission_error' || status === 403) {
    return `The key in ${apiKeyEnvVar} may not use this model or resource.`;
  }
  if (type === 'not_found_error' || status === 404) {
    return 'Check the model id (e.g. anthropic:claude-3-7-sonnet-20250219) and the base URL.';
  }
  if (type === 'billing_error' || status === 402)
    return 'Check the billing settings of the Anthropic account.';
  if (type === 'request_too_large' || status === 413) return 'The prompt is too large for the Messages API.';
  if (type === 'rate_limit_error' || status === 429) {
    return 'Anthropic is rate limiting this key; lower --concurrency or wait (the anthropic-ratelimit-* headers say which limit).';
  }
  if (type === 'overloaded_error' || status === 529) {
    return "Anthropic's API is overloaded for everyone; the call is retried with backoff.";
  }
  return undefined;
}
