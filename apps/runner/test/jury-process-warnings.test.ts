import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startMockModelServer } from '@medhelm/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { writeJuryModelsFile } from './jury-models-file.ts';
import { BUILT_CLI, startBuiltCli } from './start-built-cli.ts';

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

// Node prints its process warnings (MaxListenersExceededWarning and the like) to stderr of the
// process itself, so only the built CLI in a child process shows them; the in-process runCli
// tests cannot.
describe.skipIf(!existsSync(BUILT_CLI))('a jury run in its own process', () => {
  it('prints no Node warning: the calls waiting on one abort signal do not each add a listener', {
    timeout: 120_000,
  }, async () => {
    // The candidate and the three judges share one server, so one rate limiter (concurrency 4):
    // many judge calls wait on the invocation's signal at once, past Node's 10 listeners.
    const server = await startMockModelServer({
      wires: ['openai'],
      reply: () => 'Take it with food.',
      jury: { score: () => 4 },
    });
    closers.push(() => server.close());
    const cwd = mkdtempSync(join(tmpdir(), 'medhelm-jury-warnings-'));
    writeJuryModelsFile(cwd, server.baseUrl);
    const { code, stderr } = await startBuiltCli(
      [
        'run',
        ...['--models-file', 'models.yaml', '--models', 'candidate'],
        ...['--benchmarks', 'medication_qa,aci_bench', '--sample'],
        ...['--judges', 'gpt=judge-gpt,llama=judge-llama,claude=judge-claude'],
      ],
      cwd,
    ).exit;
    expect(code).toBe(0);
    expect(stderr).not.toContain('MaxListenersExceededWarning');
    expect(stderr).not.toMatch(/\(node:\d+\) \w*Warning/);
    // Both runs were judged: three judges per instance.
    const judged = server.requests.filter((request) =>
      String((request.body as { model?: string }).model).startsWith('judge-'),
    );
    expect(judged.length).toBeGreaterThan(3 * 10);
  });
});
