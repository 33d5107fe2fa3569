/**
 * HTTP statuses worth retrying: request timeout (408), conflict (409), too early (425), rate
 * limiting (429) and every server error, Anthropic's 529 "overloaded" included. Other 4xx statuses
 * mean the request itself is wrong; repeating it cannot help.
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
  'UND_ERR_REQ_CONTENT_LENGTH_MISMATCH',
  'UND_ERR_RES_CONTENT_LENGTH_MISMATCH',
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
  if (code !== undefined) return retryableNetworkCodes.has(code);
  // Some socket failures arrive without a code ("other side closed", "socket hang up").
  const message = error instanceof Error ? error.message : '';
  return /socket hang up|other side closed|socket closed/i.test(message);
}
