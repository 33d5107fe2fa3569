import { afterEach, describe, expect, it } from 'vitest';
import type { FaultKind } from './create-fault-injector.ts';
import {
  type MockModelServer,
  type MockModelServerOptions,
  startMockModelServer,
} from './mock-model-server.ts';
import type { MockWire } from './mock-wire.ts';

let server: MockModelServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function start(options?: MockModelServerOptions): Promise<MockModelServer> {
  server = await startMockModelServer(options);
  return server;
}

const REQUESTS: Record<
  MockWire,
  { path: string; headers: Record<string, string>; body: (text: string) => unknown }
> = {
  openai: {
    path: '/v1/chat/completions',
    headers: {},
    body: (text) => ({ model: 'm', messages: [{ role: 'user', content: text }] }),
  },
  azure: {
    path: '/openai/deployments/d/chat/completions?api-version=2024-10-21',
    headers: {},
    body: (text) => ({ messages: [{ role: 'user', content: text }] }),
  },
  anthropic: {
    path: '/v1/messages',
    headers: { 'anthropic-version': '2023-06-01' },
    body: (text) => ({ model: 'm', max_tokens: 5, messages: [{ role: 'user', content: text }] }),
  },
  gemini: {
    path: '/v1beta/models/m:generateContent',
    headers: {},
    body: (text) => ({ contents: [{ role: 'user', parts: [{ text }] }] }),
  },
};

function call(wire: MockWire, text = 'Is this a question?', signal?: AbortSignal): Promise<Response> {
  const request = REQUESTS[wire];
  return fetch(`${server?.origin}${request.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...request.headers },
    body: JSON.stringify(request.body(text)),
    signal,
  });
}

async function faultServer(kind: FaultKind, extra: { retryAfterSeconds?: number } = {}) {
  return start({ faults: { rate: 1, kinds: [kind], ...extra } });
}

describe('fault injection', () => {
  it.each([
    [
      'openai',
      { 'x-ratelimit-reset-requests': '2s', 'x-ratelimit-remaining-requests': '0' },
      { error: { code: 'rate_limit_exceeded', type: 'requests' } },
    ],
    [
      'azure',
      { 'retry-after-ms': '2000', 'x-ratelimit-remaining-requests': '0' },
      { error: { code: '429' } },
    ],
    [
      'anthropic',
      { 'anthropic-ratelimit-requests-remaining': '0' },
      { type: 'error', error: { type: 'rate_limit_error' } },
    ],
    [
      'gemini',
      {},
      {
        error: {
          code: 429,
          status: 'RESOURCE_EXHAUSTED',
          details: [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '2s' }],
        },
      },
    ],
  ] as const)(
    'rate-limit on %s: 429 with retry-after and the wire headers and body',
    async (wire, headers, body) => {
      const mock = await faultServer('rate-limit', { retryAfterSeconds: 2 });
      const before = Date.now();
      const response = await call(wire);
      expect(response.status).toBe(429);
      expect(response.headers.get('retry-after')).toBe('2');
      for (const [name, value] of Object.entries(headers))
        expect(response.headers.get(name), name).toBe(value);
      expect(await response.json()).toMatchObject(body);
      if (wire === 'anthropic') {
        const reset = Date.parse(response.headers.get('anthropic-ratelimit-requests-reset') ?? '');
        expect(reset).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 + 1000);
      }
      expect(mock.faults).toEqual([{ index: 0, kind: 'rate-limit', at: expect.any(Number) }]);
      expect(mock.requests[0]).toMatchObject({
        fault: 'rate-limit',
        callIndex: 0,
        response: { status: 429 },
      });
    },
  );

  it.each([
    ['server-error', 500],
    ['unavailable', 503],
  ] as const)('%s answers %i in each wire error shape', async (kind, status) => {
    await faultServer(kind);
    const bodies: unknown[] = [];
    for (const wire of ['openai', 'azure', 'anthropic', 'gemini'] as const) {
      const response = await call(wire);
      expect(response.status).toBe(status);
      bodies.push(await response.json());
    }
    expect(bodies).toMatchObject([
      { error: { type: 'server_error' } },
      { error: { code: String(status) } },
      { type: 'error', error: { type: status === 503 ? 'overloaded_error' : 'api_error' } },
      { error: { code: status, status: status === 503 ? 'UNAVAILABLE' : 'INTERNAL' } },
    ]);
  });

  it('connection-reset drops the socket without a response; the server keeps serving', async () => {
    const mock = await faultServer('connection-reset');
    await expect(call('openai')).rejects.toThrow();
    expect(mock.requests[0]).toMatchObject({ fault: 'connection-reset', response: undefined });
    expect((await call('openai')).status).toBe(200);
  });

  it('hang never answers until the client gives up, and close() does not wait for it', async () => {
    const mock = await faultServer('hang');
    const started = performance.now();
    await expect(call('anthropic', 'x', AbortSignal.timeout(200))).rejects.toThrow();
    expect(performance.now() - started).toBeLessThan(10_000);
    const pending = call('gemini').catch((error: unknown) => error);
    // Wait until the server holds the second request (under load it can take a while to arrive).
    while (mock.requests.length < 2) await new Promise((resolve) => setTimeout(resolve, 10));
    const closing = performance.now();
    await mock.close();
    server = undefined;
    expect(performance.now() - closing).toBeLessThan(10_000);
    expect(await pending).toBeInstanceOf(Error);
    expect(mock.requests.map((request) => [request.fault, request.response])).toEqual([
      ['hang', undefined],
      ['hang', undefined],
    ]);
  });

  it('malformed-json sends a 200 whose body is cut short', async () => {
    await faultServer('malformed-json');
    for (const wire of ['openai', 'anthropic', 'gemini'] as const) {
      const response = await call(wire);
      expect(response.status).toBe(200);
      const text = await response.text();
      expect(text.length).toBeGreaterThan(10);
      expect(() => JSON.parse(text)).toThrow(SyntaxError);
    }
  });

  it('empty-completion sends a 200 without choices, content or candidates', async () => {
    await faultServer('empty-completion');
    const openai = (await (await call('openai')).json()) as Record<string, unknown>;
    expect(openai).toMatchObject({ object: 'chat.completion', usage: expect.any(Object) });
    expect(openai).not.toHaveProperty('choices');
    const anthropic = (await (await call('anthropic')).json()) as Record<string, unknown>;
    expect(anthropic).toMatchObject({ type: 'message', stop_reason: 'end_turn' });
    expect(anthropic).not.toHaveProperty('content');
    const gemini = (await (await call('gemini')).json()) as Record<string, unknown>;
    expect(gemini).toHaveProperty('usageMetadata');
    expect(gemini).not.toHaveProperty('candidates');
  });

  it('lets a retry of the same body through, counts faulted calls in the index but does not call reply for them', async () => {
    const seen: number[] = [];
    const mock = await start({
      faults: { rate: 1, kinds: ['server-error'] },
      reply: (_call, index) => {
        seen.push(index);
        return `answer ${index}`;
      },
    });
    expect((await call('openai', 'same')).status).toBe(500);
    const retried = (await (await call('openai', 'same')).json()) as {
      choices: { message: { content: string } }[];
    };
    expect(retried.choices[0]?.message.content).toBe('answer 1');
    expect((await call('openai', 'same')).status).toBe(500);
    expect(seen).toEqual([1]);
    expect(mock.faults.map((fault) => fault.index)).toEqual([0, 2]);
  });

  it('injects the same faults for the same seed and arrival order', async () => {
    const run = async (seed: number) => {
      const mock = await start({
        faults: { rate: 0.5, seed, kinds: ['server-error', 'unavailable', 'rate-limit'] },
      });
      const statuses: number[] = [];
      for (let index = 0; index < 12; index++)
        statuses.push((await call('openai', `prompt ${index}`)).status);
      await mock.close();
      server = undefined;
      return { statuses, faults: mock.faults.map(({ index, kind }) => [index, kind]) };
    };
    const first = await run(99);
    expect(await run(99)).toEqual(first);
    expect(first.faults.length).toBeGreaterThan(0);
    expect(first.faults.length).toBeLessThan(12);
    expect((await run(100)).faults).not.toEqual(first.faults);
  });

  it('leaves listings, unknown paths and invalid requests alone', async () => {
    const mock = await start({ faults: { rate: 1, kinds: ['server-error'] } });
    expect((await fetch(`${mock.origin}/v1/models`)).status).toBe(200);
    expect((await fetch(`${mock.origin}/nowhere`, { method: 'POST' })).status).toBe(404);
    expect(
      (
        await fetch(`${mock.origin}/v1/messages`, {
          method: 'POST',
          body: '{}',
          headers: { 'anthropic-version': 'x' },
        })
      ).status,
    ).toBe(400);
    expect(mock.faults).toEqual([]);
  });

  it('rejects invalid fault options when starting', async () => {
    await expect(startMockModelServer({ faults: { rate: 2 } })).rejects.toThrow(RangeError);
  });
});
