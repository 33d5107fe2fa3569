import { afterEach, describe, expect, it } from 'vitest';
import {
  checkRetryAfterCompliance,
  type RetryAfterRequestRecord,
  retryAfterMilliseconds,
} from './check-retry-after-compliance.ts';
import { type MockModelServer, startMockModelServer } from './mock-model-server.ts';

function record(
  rawBody: string,
  receivedAt: number,
  response?: { status: number; headers?: Record<string, string> },
): RetryAfterRequestRecord {
  return {
    route: '/v1/chat/completions',
    rawBody,
    receivedAt,
    callIndex: undefined,
    response: response && {
      status: response.status,
      headers: response.headers ?? {},
      sentAt: receivedAt + 10,
    },
  };
}

describe('checkRetryAfterCompliance', () => {
  it('matches each 429 with the next request of the same body and measures the wait from the 429', () => {
    const checks = checkRetryAfterCompliance([
      record('a', 0, { status: 429, headers: { 'retry-after': '2' } }),
      record('b', 100, { status: 200 }),
      record('a', 2010, { status: 429, headers: { 'retry-after': '1' } }),
      record('a', 2500, { status: 200 }),
      record('c', 3000, { status: 429, headers: { 'retry-after': '1' } }),
    ]);
    expect(checks).toEqual([
      {
        requestIndex: 0,
        callIndex: undefined,
        retryAfterMs: 2000,
        retried: true,
        retryRequestIndex: 2,
        waitedMs: 2000,
        compliant: true,
      },
      {
        requestIndex: 2,
        callIndex: undefined,
        retryAfterMs: 1000,
        retried: true,
        retryRequestIndex: 3,
        waitedMs: 480,
        compliant: false,
      },
      {
        requestIndex: 4,
        callIndex: undefined,
        retryAfterMs: 1000,
        retried: false,
        retryRequestIndex: undefined,
        waitedMs: undefined,
        compliant: true,
      },
    ]);
  });

  it('allows a small tolerance, configurable', () => {
    const records = [record('a', 0, { status: 429, headers: { 'retry-after': '1' } }), record('a', 990)];
    expect(checkRetryAfterCompliance(records)[0]?.compliant).toBe(true);
    expect(checkRetryAfterCompliance(records, { toleranceMs: 0 })[0]?.compliant).toBe(false);
  });

  it('reads retry-after-ms first, then seconds (fractions too) or an HTTP date; skips 429s without a usable value', () => {
    expect(retryAfterMilliseconds({ 'retry-after': '3', 'retry-after-ms': '250' }, 0)).toBe(250);
    expect(retryAfterMilliseconds({ 'retry-after': '0.5' }, 0)).toBe(500);
    const sentAt = Date.parse('2025-01-01T00:00:00Z');
    expect(retryAfterMilliseconds({ 'retry-after': 'Wed, 01 Jan 2025 00:00:05 GMT' }, sentAt)).toBe(5000);
    expect(retryAfterMilliseconds({ 'retry-after': 'soon' }, 0)).toBeUndefined();
    expect(retryAfterMilliseconds({}, 0)).toBeUndefined();
    expect(checkRetryAfterCompliance([record('a', 0, { status: 429 }), record('a', 1)])).toEqual([]);
  });
});

describe('server.retryAfterCompliance', () => {
  let server: MockModelServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  // A tiny retrying client: waits retry-after (or not at all when impatient), up to 3 attempts.
  async function callWithRetries(url: string, body: string, patient: boolean): Promise<number> {
    for (let attempt = 0; ; attempt++) {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      await response.text();
      if (response.status !== 429 || attempt === 2) return response.status;
      const waitMs = patient ? Number(response.headers.get('retry-after')) * 1000 : 0;
      await new Promise((resolve) => setTimeout(resolve, waitMs));
    }
  }

  it('proves a patient client waited and catches an impatient one', async () => {
    server = await startMockModelServer({
      faults: { rate: 1, kinds: ['rate-limit'], retryAfterSeconds: 0.3 },
    });
    const url = `${server.baseUrl}/chat/completions`;
    const body = (content: string) => JSON.stringify({ model: 'm', messages: [{ role: 'user', content }] });
    expect(
      await Promise.all([callWithRetries(url, body('one'), true), callWithRetries(url, body('two'), true)]),
    ).toEqual([200, 200]);
    const patient = server.retryAfterCompliance();
    expect(patient).toHaveLength(2);
    expect(patient.every((check) => check.retried && check.compliant && check.retryAfterMs === 300)).toBe(
      true,
    );

    expect(await callWithRetries(url, body('three'), false)).toBe(200);
    const impatient = server.retryAfterCompliance().slice(2);
    expect(impatient).toMatchObject([{ retried: true, compliant: false, callIndex: 4 }]);
    expect(server.faults.map((fault) => [fault.index, fault.kind])).toEqual([
      [0, 'rate-limit'],
      [1, 'rate-limit'],
      [4, 'rate-limit'],
    ]);
  });
});
