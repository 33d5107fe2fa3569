import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServe } from './start-serve.ts';

/** A GET to `url` carrying the Host header `host`, as a DNS-rebinding page's request would. */
function getWithHost(url: string, path: string, host: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const call = request(
      { host: target.hostname, port: target.port, path, headers: { host } },
      (response) => {
        let body = '';
        response.on('data', (chunk) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    call.on('error', reject);
    call.end();
  });
}

// `medhelm serve` binds 127.0.0.1, but a web page the user visits can still reach it by DNS
// rebinding (its own host name pointed at 127.0.0.1): the server answers only loopback host names.
describe('medhelm serve answers only requests for a loopback host name', () => {
  const cwd = mkdtempSync(join(tmpdir(), 'medhelm-serve-host-'));
  let serve: Awaited<ReturnType<typeof startServe>>;

  beforeAll(async () => {
    // One private run, written by hand as medhelm run writes it.
    const name = 'shc_conf_med:model=org_private';
    const directory = join(cwd, 'out', 'runs', 'private', name);
    mkdirSync(directory, { recursive: true });
    const files: Record<string, unknown> = {
      'run_spec.json': { name, adapter_spec: { model: 'org/private' }, groups: ['shc_conf_med'] },
      'stats.json': [{ name: { name: 'exact_match', split: 'test' }, count: 1, sum: 1, mean: 1 }],
      'medhelm_run.json': { benchmark: 'shc_conf_med', access: 'private' },
    };
    for (const [file, json] of Object.entries(files))
      writeFileSync(join(directory, file), JSON.stringify(json));
    serve = await startServe(['--suite', 'private', '-o', 'out', '--port', '0'], cwd);
  });
  afterAll(async () => {
    expect(await serve.stop()).toBe(0);
  });

  it('serves 127.0.0.1:<port>, localhost and [::1]', async () => {
    expect(serve.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    const port = new URL(serve.url).port;
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`]) {
      const page = await getWithHost(serve.url, '/data/runs.json', host);
      expect(page.status, host).toBe(200);
      expect(page.body).toContain('org/private');
    }
  });

  it('refuses other host names with 421 and none of the run', async () => {
    const port = new URL(serve.url).port;
    for (const host of [`evil.example:${port}`, `127.0.0.1.nip.io:${port}`, 'localhost.evil.example']) {
      for (const path of ['/', '/data/runs.json', '/data/leaderboard.js']) {
        const refused = await getWithHost(serve.url, path, host);
        expect(refused.status, `${host}${path}`).toBe(421);
        expect(refused.body).not.toContain('org/private');
      }
    }
  });
});
