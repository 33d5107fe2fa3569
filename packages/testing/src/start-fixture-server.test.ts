import { afterEach, describe, expect, it } from 'vitest';
import {
  type FixtureReply,
  type FixtureServer,
  readJsonFixture,
  startFixtureServer,
} from './start-fixture-server.ts';

const servers: FixtureServer[] = [];

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function serve(...args: Parameters<typeof startFixtureServer>): Promise<FixtureServer> {
  const server = await startFixtureServer(...args);
  servers.push(server);
  return server;
}

describe('startFixtureServer', () => {
  it('records each request and answers it with the reply for its index', async () => {
    const server = await serve(
      (_request, index): FixtureReply =>
        index === 0
          ? { body: { first: true }, headers: { 'X-Extra': 'yes' } }
          : { status: 503, body: 'plain text', headers: { 'content-type': 'text/plain' } },
    );
    expect(server.baseUrl).toBe(server.origin);
    expect(server.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);

    const first = await fetch(`${server.origin}/v1/things?x=1`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Api-Key': 'k' },
      body: JSON.stringify({ a: 1 }),
    });
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('application/json');
    expect(first.headers.get('x-extra')).toBe('yes');
    expect(await first.json()).toEqual({ first: true });

    const second = await fetch(`${server.origin}/other`, { body: 'not json', method: 'PUT' });
    expect(second.status).toBe(503);
    expect(second.headers.get('content-type')).toBe('text/plain');
    expect(await second.text()).toBe('plain text');

    expect(server.requests).toHaveLength(2);
    expect(server.requests[0]).toMatchObject({
      method: 'POST',
      url: '/v1/things?x=1',
      path: '/v1/things?x=1',
      body: { a: 1 },
    });
    expect(server.requests[0]?.headers['x-api-key']).toBe('k');
    expect(server.requests[1]).toMatchObject({ method: 'PUT', url: '/other', body: undefined });
  });

  it('sends rawBody as is, and {} when there is no body', async () => {
    const server = await serve((_request, index) => (index === 0 ? { rawBody: '{"broken' } : {}));
    expect(await (await fetch(server.origin)).text()).toBe('{"broken');
    expect(await (await fetch(server.origin)).text()).toBe('{}');
  });

  it('delays a reply, and close() drops it and the open connection promptly', async () => {
    const server = await serve(() => ({ body: { late: true }, delayMs: 60_000 }));
    const pending = fetch(server.origin).then(
      () => 'answered',
      () => 'dropped',
    );
    await expect.poll(() => server.requests.length).toBe(1);
    const started = Date.now();
    await server.close();
    await server.close();
    expect(await pending).toBe('dropped');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('waits delayMs before answering', async () => {
    const server = await serve(() => ({ body: { ok: true }, delayMs: 100 }));
    const started = Date.now();
    expect(await (await fetch(server.origin)).json()).toEqual({ ok: true });
    expect(Date.now() - started).toBeGreaterThanOrEqual(90);
  });
});

describe('readJsonFixture', () => {
  it('reads and parses a JSON file', () => {
    expect(readJsonFixture<{ name: string }>(new URL('../package.json', import.meta.url)).name).toBe(
      '@medhelm/testing',
    );
  });
});
