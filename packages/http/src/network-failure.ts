import type { ModelCallError } from '@medhelm/core';
import { isRetryableNetworkError, networkErrorCode } from './is-retryable.ts';
import type { ModelCallFailure } from './model-call-failure.ts';

/** How a call without a complete response ended: who aborted it, and the deadline it had. */
export interface NetworkFailureContext {
  fail: ModelCallFailure;
  displayUrl: string;
  timeoutMs: number;
  /** The caller's signal aborted the call: not retryable. */
  aborted: boolean;
  /** The one deadline for headers and body passed. */
  timedOut: boolean;
}

/**
 * The ModelCallError of a call that got no complete response: an abort by the caller (not
 * retryable), a timeout (retryable), or a connection failure (retryable when transient).
 */
export function networkFailure(error: unknown, context: NetworkFailureContext): ModelCallError {
  const { fail, displayUrl, timeoutMs } = context;
  if (context.aborted) {
    return fail(`the request to ${displayUrl} was aborted`, { isRetryable: false }, { cause: error });
  }
  const code = networkErrorCode(error);
  if (context.timedOut || code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT') {
    return fail(
      `no complete response from ${displayUrl} within ${timeoutMs} ms${code?.startsWith('UND_ERR_') ? ` (${code})` : ''}`,
      { isRetryable: true },
      { cause: error },
    );
  }
  const reason = error instanceof Error ? error.message : String(error);
  return fail(
    `could not get a response from ${displayUrl}: ${code !== undefined && !reason.includes(code) ? `${code} ` : ''}${reason}`,
    { isRetryable: isRetryableNetworkError(error) },
    {
      cause: error,
      hint: code === 'ECONNREFUSED' ? 'Is the server running, and is the base URL right?' : undefined,
    },
  );
}
