import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { serveDirectory } from './serve-directory.ts';

/**
 * A raw GET (fetch would normalize `..` out of the path, and may not set Host): `host` is the Host
 * header sent (null: none), 127.0.0.1:<port> unless told.
 */
function get(
  url: string,
  path: string,
  host?: string | null,
): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const headers = host === undefined || host === null ? {} : { host };
    const options = { host: target.hostname, port: target.port, path, headers, setHost: host !== null };
    const call = request(options, (response) => {
      let body = '';
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, type: String(response.headers['content-type']), body }),
      );
    });
    call.on('error', reject);
    call.end();
  });
}

describe('serveDirectory', async () => {
  const root = mkdtempSync(join(tmpdir(), 'medhelm-serve-'));
  const site = join(root, 'site');
  mkdirSync(join(site, 'data'), { recursive: true });
  writeFileSync(join(site, 'index.html'), '<!doctype html>');
  writeFileSync(join(site, 'data', 'runs.json'), '{"runs":[]}');
  writeFileSync(join(root, 'secret.txt'), 'outside');
  const server = await serveDirectory(site);
  afterAll(() => server.close());

  it('serves on 127.0.0.1, / as index.html, with content types', async () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    expect(await get(server.url, '/')).toMatchObject({ status: 200, type: 'text/html; charset=utf-8' });
    expect(await get(server.url, '/data/runs.json')).toEqual({
      status: 200,
      type: 'application/json; charset=utf-8',
      body: '{"runs":[]}',
    });
  });

  it('serves nothing outside the folder and answers 404 for missing files', async () => {
    expect((await get(server.url, '/../secret.txt')).status).toBe(404);
    expect((await get(server.url, '/%2e%2e/secret.txt')).status).toBe(404);
    expect((await get(server.url, '/data/missing.json')).status).toBe(404);
    expect((await get(server.url, '/%E0%A4%A')).status).toBe(400);
  });

  it('answers only requests for a loopback host name: a DNS-rebinding page gets 421', async () => {
    const port = new URL(server.url).port;
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`, 'localhost']) {
      expect((await get(server.url, '/data/runs.json', host)).status, host).toBe(200);
    }
    for (const host of [
      'evil.example:8000',
      `127.0.0.1.nip.io:${port}`,
      '127.0.0.1.nip.io',
      `evil.example`,
    ]) {
      const refused = await get(server.url, '/data/runs.json', host);
      expect(refused.status, host).toBe(421);
      expect(refused.body).toContain('only requests for 127.0.0.1, localhost or [::1]');
      expect(refused.body).not.toContain('{"runs"');
    }
    // No Host at all: Node's server refuses an HTTP/1.1 request without one (400) before we see it.
    const hostless = await get(server.url, '/data/runs.json', null);
    expect(hostless.status).toBeGreaterThanOrEqual(400);
    expect(hostless.status).toBeLessThan(500);
    expect(hostless.body).not.toContain('{"runs"');
  });
});
