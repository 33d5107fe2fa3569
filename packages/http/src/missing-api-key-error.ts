import { ModelCallError } from '@medhelm/core';

/**
 * The error of a call that cannot be made because the API key is missing: not retryable, thrown
 * before any network call, with a hint naming the variable to set. A provider also reports the
 * missing key as its model's `unavailable`, which the engine checks before a run starts; the check
 * per call guards callers that skip that.
 */
export function missingApiKeyError(message: string, options: { url: string; hint?: string }): ModelCallError {
  return new ModelCallError(message, { url: options.url, isRetryable: false }, { hint: options.hint });
}
