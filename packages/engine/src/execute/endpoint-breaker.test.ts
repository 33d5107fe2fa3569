import { createServer } from 'node:net';
import { ModelCallError } from '@medhelm/core';
import { postJson } from '@medhelm/http';
import { describe, expect, it } from 'vitest';
import { EndpointBreaker, EndpointUnreachableError } from './endpoint-breaker.ts';

/** The error a real call to a port nothing listens on fails with (ECONNREFUSED). */
async function refusedCall(): Promise<unknown> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return postJson({
    providerId: 'test',
    url: `http://127.0.0.1:${port}/v1/chat/completions`,
    headers: {},
    body: {},
    timeoutMs: 5000,
  }).catch((error: unknown) => error);
}

const busy = new ModelCallError('HTTP 503', { status: 503, isRetryable: true, url: 'http://x/v1' });

describe('EndpointBreaker', () => {
  it('opens at the third connection failure in a row, naming the URL, the caller and the fix, and stays open', async () => {
    const refused = await refusedCall();
    const breaker = new EndpointBreaker('chat/llama');
    expect(breaker.recordFailure(refused, 'the candidate model')).toBeUndefined();
    expect(breaker.recordFailure(refused, 'the candidate model')).toBeUndefined();
    const open = breaker.recordFailure(refused, 'judge gpt');
    expect(EndpointUnreachableError.isInstance(open)).toBe(true);
    expect(open?.message).toMatch(
      /^Cannot reach http:\/\/127\.0\.0\.1:\d+\/v1\/chat\/completions \(judge gpt, deployment chat\/llama\): 3 connection attempts in a row failed \(ECONNREFUSED\)\./,
    );
    expect(open?.hint).toContain('Nothing listens there');
    expect(() => breaker.check()).toThrow(open as Error);
    // Open for good: even an answer does not close it.
    breaker.recordAnswer();
    expect(breaker.recordFailure(busy, 'the candidate model')).toBe(open);
  });

  it('counts only failures in a row: any answer, an HTTP error status included, resets the count', async () => {
    const refused = await refusedCall();
    const breaker = new EndpointBreaker('chat/llama');
    breaker.recordFailure(refused, 'the candidate model');
    breaker.recordFailure(refused, 'the candidate model');
    expect(breaker.recordFailure(busy, 'the candidate model')).toBeUndefined();
    breaker.recordFailure(refused, 'the candidate model');
    breaker.recordFailure(refused, 'the candidate model');
    breaker.recordAnswer();
    expect(breaker.recordFailure(refused, 'the candidate model')).toBeUndefined();
    expect(() => breaker.check()).not.toThrow();
  });

  it('never counts 429s, 5xx or errors that are not connection failures', () => {
    const breaker = new EndpointBreaker('chat/llama', 1);
    const limited = new ModelCallError('HTTP 429', { status: 429, isRetryable: true });
    for (const error of [
      limited,
      busy,
      new Error('ECONNREFUSED'),
      new ModelCallError('timeout', { isRetryable: true }),
    ]) {
      expect(breaker.recordFailure(error, 'the candidate model')).toBeUndefined();
    }
    expect(() => breaker.check()).not.toThrow();
  });

  it('opens at once for a connection failure no retry can cure (a name that does not resolve)', async () => {
    const unresolved = await postJson({
      providerId: 'test',
      url: 'http://medhelm-no-such-host.invalid/v1/chat/completions',
      headers: {},
      body: {},
      timeoutMs: 5000,
    }).catch((error: unknown) => error);
    const breaker = new EndpointBreaker('chat/llama');
    const open = breaker.recordFailure(unresolved, 'the candidate model');
    // ENOTFOUND is not retryable (EAI_AGAIN, a resolver that is down, is: it needs three).
    if (ModelCallError.isInstance(unresolved) && !unresolved.isRetryable) {
      expect(open?.message).toContain('the connection failed (ENOTFOUND)');
      expect(open?.hint).toContain('does not resolve');
    } else {
      expect(open).toBeUndefined();
    }
  });
});
