import { ModelCallError } from '@medhelm/core';
import { describe, expect, it } from 'vitest';
import { backoffDelay, DEFAULT_RETRY_POLICY, type RetryEvent, withRetries } from './with-retries.ts';

function retryable(headers: Record<string, string> = {}, status = 503): ModelCallError {
  return new ModelCallError(`openai: HTTP ${status}`, { status, headers, isRetryable: true });
}

/** A fake clock whose sleep advances it; records every wait. */
function fakeTime() {
  let clock = Date.parse('2025-01-01T00:00:00Z');
  const waits: number[] = [];
  return {
    waits,
    now: () => new Date(clock),
    sleep: async (ms: number) => {
      waits.push(ms);
      clock += ms;
    },
  };
}

/** An operation failing with `errors` in turn, then answering 'ok'. */
function failing(...errors: unknown[]) {
  const attempts: number[] = [];
  return {
    attempts,
    operation: async (attempt: number) => {
      attempts.push(attempt);
      const error = errors[attempt - 1];
      if (error !== undefined) throw error;
      return 'ok';
    },
  };
}

describe('withRetries', () => {
  it('returns the first success without waiting', async () => {
    const time = fakeTime();
    const { operation, attempts } = failing();
    expect(await withRetries(operation, time)).toBe('ok');
    expect(attempts).toEqual([1]);
    expect(time.waits).toEqual([]);
  });

  it('honours Retry-After exactly, whatever the backoff would be', async () => {
    const time = fakeTime();
    const events: RetryEvent[] = [];
    const first = retryable({ 'retry-after': '7' }, 429);
    const second = retryable({ 'retry-after-ms': '1234' }, 429);
    const { operation, attempts } = failing(first, second);
    const result = await withRetries(operation, {
      ...time,
      random: () => 0.99,
      onRetry: (event) => events.push(event),
    });
    expect(result).toBe('ok');
    expect(attempts).toEqual([1, 2, 3]);
    expect(time.waits).toEqual([7000, 1234]);
    expect(events).toEqual([
      { attempt: 1, delayMs: 7000, error: first, reason: 'retry-after' },
      { attempt: 2, delayMs: 1234, error: second, reason: 'retry-after' },
    ]);
  });

  it('measures an HTTP-date hint against the injected clock', async () => {
    const time = fakeTime();
    const { operation } = failing(retryable({ 'retry-after': 'Wed, 01 Jan 2025 00:00:42 GMT' }, 429));
    await withRetries(operation, time);
    expect(time.waits).toEqual([42_000]);
  });

  it('backs off exponentially with full jitter within the policy bounds', async () => {
    const policy = { maxRetries: 6, initialDelayMs: 100, maxDelayMs: 1000, multiplier: 3 };
    for (const random of [() => 0, () => 0.5, () => 0.999_999]) {
      const time = fakeTime();
      const { operation } = failing(...Array.from({ length: 6 }, () => retryable()));
      await withRetries(operation, { ...time, policy, random });
      const ceilings = [100, 300, 900, 1000, 1000, 1000];
      expect(time.waits).toHaveLength(6);
      time.waits.forEach((wait, index) => {
        expect(wait).toBeGreaterThanOrEqual(0);
        expect(wait).toBeLessThanOrEqual(ceilings[index] ?? 0);
        expect(wait).toBe(Math.floor(random() * (ceilings[index] ?? 0)));
      });
    }
    expect(backoffDelay(1, DEFAULT_RETRY_POLICY, () => 0.5)).toBe(500);
    expect(backoffDelay(10, DEFAULT_RETRY_POLICY, () => 0.5)).toBe(30_000);
  });

  it('rethrows the last error unchanged after maxRetries retries', async () => {
    const time = fakeTime();
    const errors = Array.from({ length: 10 }, () => retryable());
    const { operation, attempts } = failing(...errors);
    const events: RetryEvent[] = [];
    const promise = withRetries(operation, {
      ...time,
      policy: { maxRetries: 3 },
      onRetry: (e) => events.push(e),
    });
    await expect(promise).rejects.toBe(errors[3]);
    expect(attempts).toEqual([1, 2, 3, 4]);
    expect(events.map((event) => event.attempt)).toEqual([1, 2, 3]);
    expect(events.every((event) => event.reason === 'backoff')).toBe(true);
  });

  it('defaults to 5 retries', async () => {
    const time = fakeTime();
    const { operation, attempts } = failing(...Array.from({ length: 10 }, () => retryable()));
    await expect(withRetries(operation, time)).rejects.toBeInstanceOf(ModelCallError);
    expect(attempts).toHaveLength(6);
  });

  it('does not retry non-retryable ModelCallErrors or other errors', async () => {
    const time = fakeTime();
    const badRequest = new ModelCallError('openai: HTTP 400', { status: 400, isRetryable: false });
    await expect(withRetries(failing(badRequest).operation, time)).rejects.toBe(badRequest);
    const bug = new TypeError('undefined is not a function');
    await expect(withRetries(failing(bug).operation, time)).rejects.toBe(bug);
    expect(time.waits).toEqual([]);
  });

  it('stops waiting when the signal aborts and rethrows the last error', async () => {
    const controller = new AbortController();
    const error = retryable({ 'retry-after': '3600' }, 429);
    const { operation, attempts } = failing(error, error, error);
    const started = performance.now();
    const promise = withRetries(operation, { signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    await expect(promise).rejects.toBe(error);
    expect(attempts).toEqual([1]);
    expect(performance.now() - started).toBeLessThan(10_000);
  });

  it('does not start another attempt when the signal is already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    const error = retryable();
    const { operation, attempts } = failing(error, error);
    await expect(withRetries(operation, { ...fakeTime(), signal: controller.signal })).rejects.toBe(error);
    expect(attempts).toEqual([1]);
  });
});
