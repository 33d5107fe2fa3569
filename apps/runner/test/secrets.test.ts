import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startMockOpenAiServer } from '@medhelm/testing';
import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli.ts';

const API_KEY = 'sk-medhelm-test-9f8e7d6c5b4a39281706f5e4d3c2b1a0';

function filesUnder(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const path = join(directory, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

describe('API keys', () => {
  it('reach the server but no file the run writes, nor its output, including after a failed call', async () => {
    let calls = 0;
    const server = await startMockOpenAiServer({
      reply: () => {
        calls++;
        return calls === 2
          ? { status: 401, body: `{"error":{"message":"Incorrect API key provided: ${API_KEY}"}}` }
          : 'A';
      },
    });
    try {
      const cwd = mkdtempSync(join(tmpdir(), 'medhelm-secrets-'));
      const result = await runCli(
        [
          'run',
          '--benchmarks',
          'pubmed_qa',
          '--models',
          'openai-compatible:m',
          '--base-url',
          server.baseUrl,
          '--sample',
          '--max-eval-instances',
          '4',
          '--concurrency',
          '1',
        ],
        { cwd, env: { OPENAI_API_KEY: API_KEY } },
      );
      expect(server.requests[0]?.headers.authorization).toBe(`Bearer ${API_KEY}`);
      expect(result.exitCode).toBe(1);
      const written = filesUnder(join(cwd, 'benchmark_output'));
      expect(written.some((path) => path.endsWith('medhelm.sqlite'))).toBe(true);
      expect(written.some((path) => path.endsWith('medhelm_run.json'))).toBe(true);
      for (const path of written) {
        expect(readFileSync(path).includes(API_KEY), path).toBe(false);
      }
      expect(result.stdout).not.toContain(API_KEY);
      expect(result.stderr).not.toContain(API_KEY);
    } finally {
      await server.close();
    }
  });
});
