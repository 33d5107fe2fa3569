import { ModelCallError } from '@medhelm/core';
import { retryDelayFromHeaders } from './retry-delay-from-headers.ts';
import { sleep as realSleep, type Sleep } from './sleep.ts';

/** How often and how patiently a failed call is repeated. */
export interface RetryPolicy {
  /** Retries after the first attempt (default 5, so at most 6 attempts). */
  maxRetries: number;
  /** Backoff ceiling of the first retry, milliseconds (default 1000). */
  initialDelayMs: number;
  /** Largest backoff ceiling, milliseconds (default 60 000). A server's hint may exceed it. */
  maxDelayMs: number;
  /** Growth of the backoff ceiling per retry (default 2). */
  multiplier: number;
}

/** MedHELM's defaults: 5 retries, backoff ceilings 1 s, 2 s, 4 s, 8 s, 16 s. */
export const DEFAULT_RETRY_POLICY: Readonly<RetryPolicy> = Object.freeze({
  maxRetries: 5,
  initialDelayMs: 1000,
  maxDelayMs: 60_000,
  multiplier: 2,
});

/** One decision to retry, reported before the wait. */
export interface RetryEvent {
  /** The attempt that failed, from 1; the next one is `attempt + 1`. */
  attempt: number;
  /** How long the wait before the next attempt is. */
  delayMs: number;
  error: ModelCallError;
  /** Whether the wait is the server's hint (Retry-After, rate-limit reset) or our own backoff. */
  reason: 'retry-after' | 'backoff';
}

/** Options of withRetries; everything is optional. */
export interface WithRetriesOptions {
  policy?: Partial<RetryPolicy>;
  /** Aborting it ends a wait at once and rethrows the last error; no further attempt starts. */
  signal?: AbortSignal;
  /** Injectable for tests; must resolve (early) when its signal aborts. */
  sleep?: Sleep;
  /** Uniform in [0, 1), for the jitter (default Math.random). */
  random?: () => number;
  /** The clock that HTTP-date and RFC 3339 hints are measured against (default `new Date()`). */
  now?: () => Date;
  onRetry?: (event: RetryEvent) => void;
}

/** The full policy: the defaults overridden by `policy`. */
export function resolveRetryPolicy(policy: Partial<RetryPolicy> = {}): RetryPolicy {
  const resolved = { ...DEFAULT_RETRY_POLICY };
  for (const key of Object.keys(resolved) as (keyof RetryPolicy)[]) {
    const value = policy[key];
    if (value !== undefined) resolved[key] = value;
  }
  return resolved;
}

/**
 * The wait before retry number `retry` (from 1) when the server gives no hint: exponential backoff
 * with full jitter, uniform in [0, min(maxDelayMs, initialDelayMs * multiplier^(retry-1))], so
 * callers that failed together do not come back together.
 */
export function backoffDelay(retry: number, policy: RetryPolicy, random: () => number): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.initialDelayMs * policy.multiplier ** (retry - 1));
  return Math.floor(random() * ceiling);
}

/**
 * Calls `operation` until it succeeds, retrying only ModelCallErrors marked `isRetryable`, at
 * most `maxRetries` times. The wait is the server's hint when the error's headers carry one
 * (`retry-after`, rate-limit resets; never less than asked), else backoffDelay. Any other error, a
 * non-retryable one and the error of the last attempt are rethrown unchanged; `onRetry` tells
 * each retry (and so the attempt count).
 */
export async function withRetries<T>(
  operation: (attempt: number) => Promise<T>,
  options: WithRetriesOptions = {},
): Promise<T> {
  const policy = resolveRetryPolicy(options.policy);
  const sleep = options.sleep ?? realSleep;
  const random = options.random ?? Math.random;
  const now = options.now ?? (() => new Date());
  const { signal } = options;

  for (let attempt = 1; ; attempt++) {
    try {
      return await operation(attempt);
    } catch (error) {
      if (!ModelCallError.isInstance(error) || !error.isRetryable || attempt > policy.maxRetries) throw error;
      if (signal?.aborted) throw error;
      const hint = retryDelayFromHeaders(error.headers, now());
      const delayMs = hint ?? backoffDelay(attempt, policy, random);
      options.onRetry?.({ attempt, delayMs, error, reason: hint === undefined ? 'backoff' : 'retry-after' });
      await sleep(delayMs, signal);
      // Interrupted while waiting: the caller gets the real failure, not an abort error.
      if (signal?.aborted) throw error;
    }
  }
}
