import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startMockModelServer, testRedisUrl } from '@medhelm/testing';
import { type MockModelServer, REDIS_SKIP_NOTE } from '@medhelm/testing/internal';
import { afterAll, describe, expect, it } from 'vitest';
import { writeJuryModelsFile } from './jury-models-file.ts';
import { pubmedQaData } from './pubmed-qa-data.ts';
import { BUILT_CLI, type BuiltCliProcess, startBuiltCli, until, untilSettled } from './start-built-cli.ts';
import { canHideFolders, HIDE_SKIP_NOTE, startWorkerElsewhere } from './start-worker-elsewhere.ts';

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

    it.skipIf(!canHideFolders)(
      `one coordinator and two workers that cannot see its folder give the stats of the in-process run (a jury benchmark too); workers stop on SIGTERM${canHideFolders ? '' : ` (${HIDE_SKIP_NOTE})`}`,
      { timeout: 180_000 },
      async () => {
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
          // Each worker as on another machine: the coordinator's output folder is an empty tmpfs to
          // it, so results can reach the coordinator only through Redis.
          const hidden = join(cwd, 'distributed');
          mkdirSync(hidden);
          const worker = () => startWorkerElsewhere(['--redis-url', url, '--queue', queue], cwd, hidden);
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
          // Their own request caches: together the workers called the model once per request.
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
      },
    );

    it.skipIf(!canHideFolders)(
      `kill -9 of a worker mid-run, both workers unable to see the coordinator's folder: its batch is redone by the other; same stats${canHideFolders ? '' : ` (${HIDE_SKIP_NOTE})`}`,
      { timeout: 240_000 },
      async () => {
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
          const hidden = join(cwd, 'distributed');
          mkdirSync(hidden);
          // One batch at a time per worker, so its 2 lanes are its 2 calls in flight.
          const worker = () =>
            startWorkerElsewhere(['--redis-url', url, '--queue', queue, '--jobs', '1'], cwd, hidden);
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
          // Every lane now waits on a held call or is idle at the end of its batch: the victim is
          // mid-batch, with calls in flight.
          await untilSettled(() => held.length, 2_000, 60_000);
          const sentBeforeKill = new Set(
            server.requests.slice(first).map((request) => promptOf(request.rawBody)),
          );
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

          const all = server.requests.slice(first).map((request) => promptOf(request.rawBody));
          expect(new Set(all).size).toBe(80);
          // Only the victim's unfinished batch (at most 5 instances, all sent before the kill) was
          // asked again: its finished batches had come back to the coordinator through Redis.
          const sentTwice = all.filter((prompt, index) => all.indexOf(prompt) !== index);
          expect(sentTwice.length).toBeGreaterThanOrEqual(1);
          expect(sentTwice.length).toBeLessThanOrEqual(5);
          for (const prompt of sentTwice) expect(sentBeforeKill.has(prompt)).toBe(true);
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
      },
    );

    it.skipIf(!canHideFolders)(
      `--max-cost stops the run across two workers at the budget: $1 at $0.10 a call is at most 10 calls, each saved${canHideFolders ? '' : ` (${HIDE_SKIP_NOTE})`}`,
      { timeout: 180_000 },
      async () => {
        // Each call reserves its most (1 token at $0.10) and costs exactly that.
        const server = await startMockModelServer({
          wires: ['openai'],
          reply: () => ({ content: 'A', delayMs: 20, usage: { prompt_tokens: 0, completion_tokens: 1 } }),
        });
        try {
          const cwd = mkdtempSync(join(tmpdir(), 'medhelm-distributed-budget-'));
          writeFileSync(
            join(cwd, 'models.yaml'),
            `deployments:\n  priced:\n    provider: openai-compatible\n    model: priced\n    baseUrl: ${server.baseUrl}\n    price: { inputPerMillion: 0, outputPerMillion: 100000 }\n`,
          );
          const queue = `test-${randomUUID()}`;
          const hidden = join(cwd, 'distributed');
          mkdirSync(hidden);
          // This test's workers (also in `workers`, which the suite kills at the end).
          const budgetWorkers: BuiltCliProcess[] = [];
          const worker = () => {
            const started = startWorkerElsewhere(['--redis-url', url, '--queue', queue], cwd, hidden);
            budgetWorkers.push(started);
            workers.push(started);
            return started;
          };
          worker();
          worker();
          // Both connected before the batches are queued, so that both take some.
          await until(
            () => budgetWorkers.every((running) => running.stderrSoFar().includes('worker waiting')),
            60_000,
          );
          const data = pubmedQaData(60);
          const coordinator = (maxCost: string) =>
            startBuiltCli(
              [
                'run',
                '--models-file',
                'models.yaml',
                '--benchmarks',
                'pubmed_qa',
                '--models',
                'priced',
                '--data-dir',
                data,
                '--max-cost',
                maxCost,
                '-o',
                'distributed',
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
          const finished = await coordinator('1').exit;
          expect(finished.stderr).toMatch(/Stopped at --max-cost \$1\.0+: /);
          // At most the 10 calls the budget allows were made (fewer when a reserved call was still
          // waiting for its limiter as the run stopped), and every call paid for came back and was saved.
          const paid = server.requests.length;
          expect(paid).toBeGreaterThanOrEqual(1);
          expect(paid).toBeLessThanOrEqual(10);
          expect(finished.stderr).toContain(
            `had ${paid}/60 instances done; spent $${(paid / 10).toFixed(6)} in this invocation`,
          );
          expect(finished.code).toBe(3);
          // Both workers took batches; at least one was stopped by the budget.
          for (const running of budgetWorkers) expect(running.stderrSoFar()).toMatch(/ instances \d+–\d+: /);
          expect(budgetWorkers.map((running) => running.stderrSoFar()).join('')).toContain(
            '; stopped at --max-cost.',
          );
          for (const running of budgetWorkers.splice(0)) {
            running.child.kill('SIGTERM');
            expect((await running.exit).code).toBe(0);
          }
          // Raised, the same command resumes, on two new workers with empty request caches: the
          // saved instances go to them with their batches and are reused, so only the others are asked.
          worker();
          worker();
          const resumed = await coordinator('100').exit;
          expect(resumed.code).toBe(0);
          expect(resumed.stderr).toContain('60/60 instances');
          expect(server.requests).toHaveLength(60);
          for (const running of budgetWorkers.splice(0)) {
            running.child.kill('SIGTERM');
            expect((await running.exit).code).toBe(0);
          }
        } finally {
          await server.close();
        }
      },
    );

    it("a worker that cannot read a run's data fails its batches with that reason; the coordinator reports it and exits non-zero", {
      timeout: 120_000,
    }, async () => {
      const cwd = mkdtempSync(join(tmpdir(), 'medhelm-distributed-no-data-'));
      const queue = `test-${randomUUID()}`;
      // This worker's copy of the data is an empty folder.
      mkdirSync(join(cwd, 'empty'));
      const worker = startBuiltCli(
        ['worker', '--redis-url', url, '--queue', queue, '--data-dir', 'empty'],
        cwd,
      );
      workers.push(worker);
      const coordinator = startBuiltCli(
        [
          'run',
          '--benchmarks',
          'pubmed_qa',
          '--models',
          'baseline:first-option',
          '--data-dir',
          pubmedQaData(6),
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
      expect(finished.stderr).toMatch(
        /failed on a worker after 3 attempt\(s\): worker on \S+: Data missing, so no run was started: pubmed_qa: ori_pqal\.json/,
      );
      expect(
        readdirSync(join(cwd, 'coordinator', 'runs', 'latest')).filter((name) =>
          name.startsWith('pubmed_qa'),
        ),
      ).toEqual([]);
      worker.child.kill('SIGTERM');
      expect((await worker.exit).code).toBe(0);
      workers.splice(workers.indexOf(worker), 1);
    });

    it.skipIf(!hasRedisServer)(
      `a worker whose Redis went away exits non-zero within 10 s of SIGTERM${hasRedisServer ? '' : ' (skipped: no redis-server on PATH to start and stop)'}`,
      { timeout: 60_000 },
      async () => {
        const redis = await startOwnRedis();
        try {
          const cwd = mkdtempSync(join(tmpdir(), 'medhelm-distributed-redis-gone-'));
          const worker = startBuiltCli(['worker', '--redis-url', redis.url], cwd);
          workers.push(worker);
          await until(() => worker.stderrSoFar().includes('worker waiting'), 30_000);
          redis.process.kill('SIGKILL');
          await until(() => worker.stderrSoFar().includes('worker redis-unreachable'), 10_000);
          const stoppedAt = Date.now();
          worker.child.kill('SIGTERM');
          const stopped = await worker.exit;
          expect(Date.now() - stoppedAt).toBeLessThan(10_000);
          expect(stopped.code).not.toBe(0);
          expect(stopped.code).not.toBeNull();
          // One line when Redis went away, not one per reconnection attempt.
          expect(stopped.stderr.match(/worker redis-unreachable/g)).toHaveLength(1);
        } finally {
          redis.process.kill('SIGKILL');
        }
      },
    );
  },
);

/** Whether this machine has a redis-server to start and stop (a test's own, not the shared one). */
const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;

/** A redis-server of one test alone, without persistence, once it answers. */
async function startOwnRedis(): Promise<{ url: string; process: ChildProcess }> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: 'ignore',
    },
  );
  for (let attempt = 0; attempt < 50; attempt++) {
    if (
      spawnSync('redis-cli', ['-p', String(port), 'ping'])
        .stdout?.toString()
        .includes('PONG')
    )
      return { url: `redis://127.0.0.1:${port}`, process: child };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`redis-server on port ${port} did not answer`);
}

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
