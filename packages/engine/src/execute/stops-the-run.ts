import { ModelCallError } from '@medhelm/core';
import { EndpointUnreachableError } from './endpoint-breaker.ts';

/**
 * Whether a failed call (candidate's or judge's) would fail every instance the same way, so the
 * run stops and says why instead of failing instance after instance: a server that cannot be
 * reached (the breaker opened), or a refusal before any HTTP exchange that no retry can fix (a
 * missing API key that the check before the run did not catch).
 */
export function stopsTheRun(error: unknown): boolean {
  if (EndpointUnreachableError.isInstance(error)) return true;
  return ModelCallError.isInstance(error) && error.status === undefined && !error.isRetryable;
}
