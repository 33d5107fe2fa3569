/**
 * HTTP statuses worth retrying: request timeout, conflict, too early, rate limiting and every
 * server error. Other 4xx statuses mean the request itself is wrong; repeating it cannot help.
 */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 409 || status === 425 || status === 429 || status >= 500;
}

// Connection and timeout failures that a later attempt can get past. DNS "not found" and invalid
// arguments are configuration mistakes and are left out on purpose.
const retryableNetworkCodes = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENETDOWN',
  'EAI_AGAIN',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
]);

/** The error code of a network error (`ECONNREFUSED`, `UND_ERR_HEADERS_TIMEOUT`, ...), looking through causes. */
export function networkErrorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Whether a failed connection or timed-out call may succeed when retried. */
export function isRetryableNetworkError(error: unknown): boolean {
  const code = networkErrorCode(error);
  return code !== undefined && retryableNetworkCodes.has(code);
}
