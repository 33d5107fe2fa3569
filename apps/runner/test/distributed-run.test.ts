import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startMockModelServer, testRedisUrl } from '@medhelm/testing';
import { type MockModelServer, REDIS_SKIP_NOTE } from '@medhelm/testing/internal';
import { afterAll, describe, expect, it } from 'vitest';
import { writeJuryModelsFile } from './jury-models-file.ts';
import { pubmedQaData } from './pubmed-qa-data.ts';
import { BUILT_CLI, type BuiltCliProcess, startBuiltCli, until, untilSettled } from './start-built-cli.ts';

const redisUrl = testRedisUrl();

/**
 * Every run directory of a suite: its stats.json, per_instance_stats.json and scenario_state.json
 * as text, without what differs between any two runs (request times, HELM's inference_runtime).
 */
function runFiles(outputPath: string, suite: string): Record<string, string> {
  const suiteDirectory = join(outputPath, 'runs', suite);
  const files: Record<string, string> = {};
  for (const entry of readdirSync(suiteDirectory, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    for (const file of ['stats.json', 'per_instance_stats.json', 'scenario_state.json']) {
      const value = JSON.parse(readFileSync(join(suiteDirectory, entry.name, file), 'utf8')) as unknown;
      files[`${entry.name}/${file}`] = JSON.stringify(withoutTimings(value), null, 1);
    }
  }
  return files;
}

function withoutTimings(value: unknown): unknown {
  if (Array.isArray(value)) {
    return value
      .filter((item) => (item as { name?: { name?: string } })?.name?.name !== 'inference_runtime')
      .map(withoutTimings);
  }
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => key !== 'request_time' && key !== 'request_datetime')
        .map(([key, item]) => [key, withoutTimings(item)]),
    );
  }
  return value;
}

function promptOf(rawBody: string): string {
  const body = JSON.parse(rawBody) as { model: string; messages: Array<{ content: string }> };
  return `${body.model}\n${body.messages.map((message) => message.content).join('\n')}`;
}

describe.skipIf(redisUrl === undefined || !existsSync(BUILT_CLI))(
  `medhelm run --executor bullmq with medhelm worker processes${redisUrl === undefined ? ` (${REDIS_SKIP_NOTE})` : ''}`,
  () => {
    const url = redisUrl as string;
    const workers: BuiltCliProcess[] = [];
    afterAll(() => {
      for (const worker of workers) worker.child.kill('SIGKILL');
    });

    it('one coordinator and two workers give the stats of the in-process run (a jury benchmark too); workers stop on SIGTERM', {
      timeout: 180_000,
    }, async () => {
      const server = await startMockModelServer({
        wires: ['openai'],
        reply: (call) => ({ content: call.model === 'candidate' ? 'A' : 'HISTORY: stable.', delayMs: 5 }),
        jury: { score: (call) => (call.model === 'judge-gpt' ? 4 : 3) },
      });
      try {
        const cwd = mkdtempSync(join(tmpdir(), 'medhelm-distributed-'));
        writeJuryModelsFile(cwd, server.baseUrl);
        const args = (outputPath: string) => [
          'run',
          '--models-file',
          'models.yaml',
          '--benchmarks',
          'pubmed_qa,aci_bench',
          '--models',
          'candidate',
          '--judges',
          'gpt=judge-gpt,llama=judge-llama,claude=judge-claude',
          '--sample',
          '--max-eval-instances',
          '12',
          '--suite',
          'cluster',
          '-o',
          outputPath,
        ];
        const local = startBuiltCli(args('in-process'), cwd);
        expect((await local.exit).code).toBe(0);
        const requestsInProcess = server.requests.length;

        const queue = `test-${randomUUID()}`;
        const worker = () => startBuiltCli(['worker', '--redis-url', url, '--queue', queue], cwd);
        workers.push(worker(), worker());
        const coordinator = startBuiltCli(
          [
            ...args('distributed'),
            '--executor',
            'bullmq',
            '--redis-url',
            url,
            '--queue',
            queue,
            '--batch-size',
            '4',
          ],
          cwd,
        );
        const finished = await coordinator.exit;
        expect(finished.stderr).not.toContain('error');
        expect(finished.code).toBe(0);
        expect(finished.stderr).toContain('12/12 instances');

        const distributed = runFiles(join(cwd, 'distributed'), 'cluster');
        expect(Object.keys(distributed)).toHaveLength(6);
        expect(distributed).toEqual(runFiles(join(cwd, 'in-process'), 'cluster'));
        // A separate output path, so a separate request cache: the workers called the model once per request.
        expect(server.requests.length - requestsInProcess).toBe(requestsInProcess);

        // The workers ran the 6 batches (2 runs of 12 instances, 4 a batch) and stop cleanly on SIGTERM.
        let batches = 0;
        for (const running of workers.splice(0)) {
          running.child.kill('SIGTERM');
          const stopped = await running.exit;
          expect(stopped.code).toBe(0);
          batches += stopped.stderr.match(/ instances \d+–\d+: /g)?.length ?? 0;
        }
        expect(batches).toBe(6);
      } finally {
        await server.close();
      }
    });

    it('kill -9 of a worker mid-run: its batches are picked up by the other; same stats, no answered request sent again', {
      timeout: 240_000,
    }, async () => {
      /** While frozen the server holds every new request unanswered; released once the worker is dead. */
      let frozen = false;
      const held: Array<() => void> = [];
      const server: MockModelServer = await startMockModelServer({
        wires: ['openai'],
        reply: async () => {
          if (frozen) await new Promise<void>((resolve) => held.push(resolve));
          return { content: 'A', delayMs: 10 };
        },
      });
      try {
        const cwd = mkdtempSync(join(tmpdir(), 'medhelm-distributed-kill-'));
        const data = pubmedQaData(80);
        const args = (outputPath: string) => [
          'run',
          '--benchmarks',
          'pubmed_qa',
          '--models',
          'openai-compatible:kill-model',
          '--base-url',
          server.baseUrl,
          '--data-dir',
          data,
          '--concurrency',
          '2',
          '-o',
          outputPath,
        ];
        const local = startBuiltCli(args('in-process'), cwd);
        expect((await local.exit).code).toBe(0);
        const first = server.requests.length;

        const queue = `test-${randomUUID()}`;
        // One batch at a time per worker, so its 2 lanes are its 2 calls in flight.
        const worker = () =>
          startBuiltCli(['worker', '--redis-url', url, '--queue', queue, '--jobs', '1'], cwd);
        const victim = worker();
        const survivor = worker();
        workers.push(victim, survivor);
        const coordinator = startBuiltCli(
          [
            ...args('distributed'),
            '--executor',
            'bullmq',
            '--redis-url',
            url,
            '--queue',
            queue,
            '--batch-size',
            '5',
          ],
          cwd,
        );
        // Both workers are at work: each has finished a batch (its log line) and taken the next.
        const finishedBatch = / instances \d+–\d+: /;
        await until(
          () => finishedBatch.test(victim.stderrSoFar()) && finishedBatch.test(survivor.stderrSoFar()),
          120_000,
        );
        frozen = true;
        // Every lane now either waits on a held call or is idle at the end of its batch (a batch of
        // 5 on 2 lanes ends on one call), which cannot finish while a call is held: once no new call
        // comes, every answer sent so far has been committed to the shared store (a lane calls again
        // only after committing), and the victim holds 1 or 2 calls in flight.
        await untilSettled(() => held.length, 2_000, 60_000);
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
        expect(inFlight.size).toBe(held.length);
        victim.child.kill('SIGKILL');
        await victim.exit;
        frozen = false;
        for (const release of held.splice(0)) release();

        const finished = await coordinator.exit;
        expect(finished.stderr).not.toContain('error');
        expect(finished.code).toBe(0);
        expect(runFiles(join(cwd, 'distributed'), 'latest')).toEqual(
          runFiles(join(cwd, 'in-process'), 'latest'),
        );

        const afterKill = server.requests
          .slice(first + atKill.length)
          .map((request) => promptOf(request.rawBody));
        // Nothing answered before the kill was asked again: the shared cache and checkpoints absorbed it.
        expect(afterKill.filter((prompt) => answered.has(prompt))).toEqual([]);
        // Every instance was answered exactly once in the end: 80 distinct prompts, and only the
        // victim's calls in flight at the kill (1 or 2, never answered to it) were sent twice.
        const all = server.requests.slice(first).map((request) => promptOf(request.rawBody));
        expect(new Set(all).size).toBe(80);
        const sentTwice = all.filter((prompt, index) => all.indexOf(prompt) !== index);
        expect(sentTwice.length).toBeGreaterThanOrEqual(1);
        expect(sentTwice.length).toBeLessThanOrEqual(2);
        expect(all.length - 80).toBe(sentTwice.length);
        for (const prompt of sentTwice) expect(inFlight.has(prompt)).toBe(true);
        const state = JSON.parse(
          readFileSync(
            join(
              cwd,
              'distributed',
              'runs',
              'latest',
              readdirSync(join(cwd, 'distributed', 'runs', 'latest')).find((name) =>
                name.startsWith('pubmed_qa:'),
              ) ?? '',
              'scenario_state.json',
            ),
            'utf8',
          ),
        ) as { request_states: Array<{ instance: { id: string } }> };
        const ids = state.request_states.map((requestState) => requestState.instance.id);
        expect(ids).toHaveLength(80);
        expect(new Set(ids).size).toBe(80);
        survivor.child.kill('SIGTERM');
        expect((await survivor.exit).code).toBe(0);
      } finally {
        await server.close();
      }
    });

    it('a worker that writes to another store: the coordinator writes no run directory and exits non-zero, saying why', {
      timeout: 120_000,
    }, async () => {
      const cwd = mkdtempSync(join(tmpdir(), 'medhelm-distributed-elsewhere-'));
      const queue = `test-${randomUUID()}`;
      // A worker on "another machine": its own output folder, so its own store.
      const worker = startBuiltCli(['worker', '--redis-url', url, '--queue', queue, '-o', 'elsewhere'], cwd);
      workers.push(worker);
      const coordinator = startBuiltCli(
        [
          'run',
          '--benchmarks',
          'pubmed_qa',
          '--models',
          'baseline:first-option',
          '--sample',
          '--max-eval-instances',
          '6',
          '-o',
          'coordinator',
          '--executor',
          'bullmq',
          '--redis-url',
          url,
          '--queue',
          queue,
          '--batch-size',
          '3',
        ],
        cwd,
      );
      const finished = await coordinator.exit;
      expect(finished.code).not.toBe(0);
      expect(finished.stderr).toContain(
        'the workers reported 6 instances done, but the store this coordinator writes the run from',
      );
      expect(finished.stderr).toContain('holds 0 of them, so no run directory was written');
      expect(existsSync(join(cwd, 'coordinator', 'runs', 'latest'))).toBe(true);
      expect(
        readdirSync(join(cwd, 'coordinator', 'runs', 'latest')).filter((name) =>
          name.startsWith('pubmed_qa'),
        ),
      ).toEqual([]);
      worker.child.kill('SIGTERM');
      expect((await worker.exit).code).toBe(0);
      workers.splice(workers.indexOf(worker), 1);
    });
  },
);

describe('medhelm run --executor bullmq: bad options', () => {
  it('needs --redis-url, refuses --no-cache and an unknown executor, and names an unreachable Redis', {
    timeout: 60_000,
  }, async () => {
    const { runCli } = await import('./run-cli.ts');
    const cwd = mkdtempSync(join(tmpdir(), 'medhelm-distributed-options-'));
    const base = ['run', '--benchmarks', 'pubmed_qa', '--models', 'baseline:first-option', '--sample'];
    const missingUrl = await runCli([...base, '--executor', 'bullmq'], { cwd });
    expect(missingUrl.exitCode).toBe(2);
    expect(missingUrl.stderr).toContain('--executor bullmq needs --redis-url');
    const noCache = await runCli(
      [...base, '--executor', 'bullmq', '--redis-url', 'redis://127.0.0.1:1', '--no-cache'],
      {
        cwd,
      },
    );
    expect(noCache.exitCode).toBe(2);
    expect(noCache.stderr).toContain('needs the request cache');
    const unknown = await runCli([...base, '--executor', 'celery'], { cwd });
    expect(unknown.exitCode).toBe(2);
    expect(unknown.stderr).toContain('--executor must be in-process or bullmq, got "celery"');
    const urlAlone = await runCli([...base, '--redis-url', 'redis://127.0.0.1:1'], { cwd });
    expect(urlAlone.exitCode).toBe(2);
    expect(urlAlone.stderr).toContain('--redis-url was given without --executor bullmq');
    const unreachable = await runCli(
      [...base, '--executor', 'bullmq', '--redis-url', 'redis://user:secret@127.0.0.1:1'],
      { cwd },
    );
    expect(unreachable.exitCode).toBe(2);
    expect(unreachable.stderr).toContain('Cannot reach Redis at redis://user:***@127.0.0.1:1');
    expect(unreachable.stderr).not.toContain('secret');
    const maxCost = await runCli(
      [...base, '--executor', 'bullmq', '--redis-url', 'redis://127.0.0.1:1', '--max-cost', '1'],
      {
        cwd,
      },
    );
    expect(maxCost.exitCode).toBe(2);
    expect(maxCost.stderr).toContain('--max-cost cannot be used with --executor bullmq yet');
  });
});

describe.skipIf(!existsSync(BUILT_CLI))('an in-process run', () => {
  it('loads no queue or Redis code at all (the executor package is imported only for --executor bullmq)', {
    timeout: 60_000,
  }, async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'medhelm-no-redis-'));
    const loaded = join(cwd, 'loaded.txt');
    // A module hook that records every module URL the CLI loads.
    const hooks = `data:text/javascript,${encodeURIComponent(
      `import { appendFileSync } from 'node:fs'; export async function load(url, context, next) { appendFileSync(${JSON.stringify(loaded)}, url + '\\n'); return next(url, context); }`,
    )}`;
    const register = `data:text/javascript,${encodeURIComponent(
      `import { register } from 'node:module'; register(${JSON.stringify(hooks)});`,
    )}`;
    const child = spawn(
      process.execPath,
      [
        '--import',
        register,
        BUILT_CLI,
        'run',
        '--benchmarks',
        'pubmed_qa',
        '--models',
        'baseline:first-option',
        '--sample',
      ],
      { cwd, stdio: 'ignore' },
    );
    expect(await new Promise((resolve) => child.on('close', resolve))).toBe(0);
    const urls = readFileSync(loaded, 'utf8').split('\n');
    // The hook saw the run (the runner, the engine and the benchmark were loaded)...
    expect(urls.some((url) => url.includes('pubmed-qa/dist/'))).toBe(true);
    // ...and nothing of the queue.
    expect(urls.filter((url) => /bullmq|ioredis|rate-limiter-flexible|executor-bullmq/.test(url))).toEqual(
      [],
    );
  });
});
