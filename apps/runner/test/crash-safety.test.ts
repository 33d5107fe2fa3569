import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSeededRandom } from '@medhelm/core';
import { startMockModelServer } from '@medhelm/testing';
import type { MockModelServer } from '@medhelm/testing/internal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pubmedQaData } from './pubmed-qa-data.ts';
import { BUILT_CLI, startBuiltCli, until } from './start-built-cli.ts';

const INSTANCES = 40;
const CONCURRENCY = 4;

/** The prompt a request carries (the mock's chat-completions body). */
function promptOf(rawBody: string): string {
  return (JSON.parse(rawBody) as { messages: Array<{ content: string }> }).messages[0]?.content ?? '';
}

/**
 * stats.json of the run, every stat but `inference_runtime` (HELM's mean request wall time, which
 * differs between any two runs, interrupted or not), as text: the rest must match to the byte.
 */
function statsOf(outputPath: string): string {
  const suite = join(outputPath, 'runs', 'latest');
  const run = readdirSync(suite).find((name) => name.startsWith('pubmed_qa:'));
  const stats = JSON.parse(readFileSync(join(suite, run ?? '', 'stats.json'), 'utf8')) as Array<{
    name: { name: string };
  }>;
  return JSON.stringify(
    stats.filter((stat) => stat.name.name !== 'inference_runtime'),
    null,
    2,
  );
}

describe.skipIf(!existsSync(BUILT_CLI))('a run killed with SIGKILL', () => {
  let server: MockModelServer;
  /** While frozen the server holds every new request unanswered, as a stalled API would. */
  let frozen = false;
  /** Requests held since the last freeze. */
  let held = 0;
  let data: string;
  let referenceStats: string;
  const args = (outputPath: string) => [
    'run',
    '--benchmarks',
    'pubmed_qa',
    '--models',
    'openai-compatible:crash-model',
    '--base-url',
    server.baseUrl,
    '--data-dir',
    data,
    '--concurrency',
    String(CONCURRENCY),
    '-o',
    outputPath,
  ];

  beforeAll(async () => {
    server = await startMockModelServer({
      wires: ['openai'],
      reply: async () => {
        if (frozen) {
          held++;
          await new Promise(() => {});
        }
        return { content: 'A', delayMs: 15 };
      },
    });
    data = pubmedQaData(INSTANCES);
    const reference = mkdtempSync(join(tmpdir(), 'medhelm-crash-reference-'));
    const { exit } = startBuiltCli(args(reference), reference);
    expect((await exit).code).toBe(0);
    referenceStats = statsOf(reference);
  }, 60_000);

  afterAll(async () => {
    await server.close();
  });

  for (const seed of [1, 2, 3]) {
    it(`resumes after a kill at a seeded point (seed ${seed}): same stats, no answered request sent again`, {
      timeout: 90_000,
    }, async () => {
      const random = createSeededRandom(seed);
      const killAfter = 5 + Math.floor(random() * (INSTANCES - 10));
      const outputPath = mkdtempSync(join(tmpdir(), 'medhelm-crash-'));
      const first = server.requests.length;
      frozen = false;
      const { child, exit } = startBuiltCli(args(outputPath), outputPath);
      await until(() => server.requests.length - first >= killAfter);
      held = 0;
      frozen = true;
      // A lane sends its next request only once its previous answer is committed: with every lane
      // on a held request, every answer sent so far is saved.
      await until(() => held === CONCURRENCY);
      const atKill = server.requests.slice(first);
      const answered = new Set(
        atKill
          .filter((request) => request.response?.status === 200)
          .map((request) => promptOf(request.rawBody)),
      );
      const inFlight = new Set(
        atKill
          .filter((request) => request.response === undefined)
          .map((request) => promptOf(request.rawBody)),
      );
      child.kill('SIGKILL');
      await exit;
      frozen = false;
      expect(inFlight.size).toBe(CONCURRENCY);
      expect(answered.size).toBeGreaterThan(0);

      const second = server.requests.length;
      const restart = startBuiltCli(args(outputPath), outputPath);
      expect((await restart.exit).code).toBe(0);
      const resent = server.requests.slice(second).map((request) => promptOf(request.rawBody));
      expect(resent.filter((prompt) => answered.has(prompt))).toEqual([]);
      expect(resent.length).toBe(INSTANCES - answered.size);
      expect(resent.filter((prompt) => inFlight.has(prompt)).length).toBe(inFlight.size);
      expect(statsOf(outputPath)).toBe(referenceStats);
    });
  }

  for (const seed of [4, 5]) {
    it(`resumes after a kill at a seeded moment (seed ${seed}): same stats, at most the calls in flight sent again`, {
      timeout: 90_000,
    }, async () => {
      const random = createSeededRandom(seed);
      const outputPath = mkdtempSync(join(tmpdir(), 'medhelm-crash-time-'));
      frozen = false;
      const first = server.requests.length;
      const { child, exit } = startBuiltCli(args(outputPath), outputPath);
      // Somewhere between the first request and the end of the run.
      await until(() => server.requests.length > first);
      await new Promise((resolve) => setTimeout(resolve, Math.floor(random() * 150)));
      child.kill('SIGKILL');
      await exit;
      const before = new Set(server.requests.slice(first).map((request) => promptOf(request.rawBody)));
      const second = server.requests.length;
      const restart = startBuiltCli(args(outputPath), outputPath);
      expect((await restart.exit).code).toBe(0);
      const resent = server.requests.slice(second).map((request) => promptOf(request.rawBody));
      expect(resent.filter((prompt) => before.has(prompt)).length).toBeLessThanOrEqual(CONCURRENCY);
      expect(statsOf(outputPath)).toBe(referenceStats);
    });
  }
});

describe.skipIf(!existsSync(BUILT_CLI))('two invocations on one output path', () => {
  it('refuses a second writer of the same run with a clear message; different runs cooperate', {
    timeout: 90_000,
  }, async () => {
    const server = await startMockModelServer({
      wires: ['openai'],
      reply: () => ({ content: 'A', delayMs: 60 }),
    });
    try {
      // Long enough (about 4 s) that the second process starts while the first still writes.
      const data = pubmedQaData(120);
      const outputPath = mkdtempSync(join(tmpdir(), 'medhelm-two-writers-'));
      const args = (model: string) => [
        'run',
        '--benchmarks',
        'pubmed_qa',
        '--models',
        `openai-compatible:${model}`,
        '--base-url',
        server.baseUrl,
        '--data-dir',
        data,
        '--concurrency',
        '2',
        '-o',
        outputPath,
      ];
      const first = startBuiltCli(args('model-a'), outputPath);
      await until(() => server.requests.length > 0);
      const same = startBuiltCli(args('model-a'), outputPath);
      const other = startBuiltCli(args('model-b'), outputPath);
      const refused = await same.exit;
      expect(refused.code).toBe(2);
      expect(refused.stderr).toMatch(/is being written by another medhelm process \(pid \d+ on /);
      expect(refused.stderr).toContain('--output-path');
      expect(refused.stderr).not.toMatch(/database is locked/i);
      expect((await first.exit).code).toBe(0);
      expect((await other.exit).code).toBe(0);
      // Nothing was lost: both runs' answers are in the shared cache, so running both again asks nothing.
      const before = server.requests.length;
      const again = [startBuiltCli(args('model-a'), outputPath), startBuiltCli(args('model-b'), outputPath)];
      for (const run of again) expect((await run.exit).code).toBe(0);
      expect(server.requests.length).toBe(before);
    } finally {
      await server.close();
    }
  });
});

describe.skipIf(!existsSync(BUILT_CLI))('a cache file that cannot be trusted', () => {
  it('is reported with what to do when damaged, or when it is not ours, and the run does not start', {
    timeout: 60_000,
  }, async () => {
    const outputPath = mkdtempSync(join(tmpdir(), 'medhelm-bad-cache-'));
    const args = [
      'run',
      '--benchmarks',
      'pubmed_qa',
      '--models',
      'baseline:first-option',
      '--sample',
      '-o',
      outputPath,
    ];
    const ok = startBuiltCli(args, outputPath);
    expect((await ok.exit).code).toBe(0);
    const path = join(outputPath, 'cache', 'medhelm.sqlite');
    const bytes = readFileSync(path);
    // Garbage over every page after the header, as a bad disk or a half-copied file leaves it.
    bytes.fill(0x41, 4096);
    writeFileSync(path, bytes);
    const damaged = await startBuiltCli(args, outputPath).exit;
    expect(damaged.code).toBe(2);
    expect(damaged.stderr).toContain(`The MedHELM store ${path} is damaged`);
    expect(damaged.stderr).toContain(`mv "${path}" "${path}.damaged"`);

    writeFileSync(path, 'SQLite format 3\u0000 but really a text file');
    const foreign = await startBuiltCli(args, outputPath).exit;
    expect(foreign.code).toBe(2);
    expect(foreign.stderr).toMatch(/is not a MedHELM store/);
  });
});
