import { ModelCallError } from '@medhelm/core';
import { networkErrorCode } from './is-retryable.ts';

// The call never reached a server that could answer: nothing listens, the name does not resolve,
// the host or network is unreachable, the connection attempt timed out, or TLS could not be set up.
const connectionFailureCodes = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EAI_FAIL',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'EPROTO',
  'UND_ERR_CONNECT_TIMEOUT',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
]);

/**
 * Whether a failed model call never reached a server (connection refused, DNS, unreachable,
 * connect timeout, TLS): unlike a 429 or a 5xx, waiting rarely cures it, so the engine stops a run
 * after a few in a row instead of retrying every instance. A response of any status, a timeout
 * while waiting for one, or a connection reset after it was made is not one.
 */
export function isConnectionFailure(error: unknown): boolean {
  if (!ModelCallError.isInstance(error) || error.status !== undefined) return false;
  const code = networkErrorCode(error.cause);
  if (code === undefined) return false;
  return (
    connectionFailureCodes.has(code) ||
    code.startsWith('CERT_') ||
    code.startsWith('ERR_TLS_') ||
    code.startsWith('ERR_SSL_')
  );
}

/** The network error code of a connection failure (`ECONNREFUSED`, ...), for messages. */
export function connectionFailureCode(error: unknown): string | undefined {
  return isConnectionFailure(error) ? networkErrorCode((error as ModelCallError).cause) : undefined;
}
