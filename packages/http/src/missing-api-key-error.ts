import { ModelCallError } from '@medhelm/core';

/**
 * The error of a call that cannot be made because the API key is missing: not retryable, thrown
 * before any network call, with a hint naming the variable to set. Providers check the key per call
 * rather than when the model is created, because a run answered from the request cache never calls
 * the API and must not need a key.
 */
export function missingApiKeyError(message: string, options: { url: string; hint?: string }): ModelCallError {
  return new ModelCallError(message, { url: options.url, isRetryable: false }, { hint: options.hint });
}
