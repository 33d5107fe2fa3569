import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startMockModelServer } from '@medhelm/testing';
import type { MockModelServer } from '@medhelm/testing/internal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeModelsFile } from './jury-models-file.ts';
import { pubmedQaData } from './pubmed-qa-data.ts';
import { runCli } from './run-cli.ts';
import { BUILT_CLI, startBuiltCli, until } from './start-built-cli.ts';

const INSTANCES = 50;
const KEYS = { OPENAI_API_KEY: 'test-openai-key', ANTHROPIC_API_KEY: 'test-anthropic-key' };

/**
 * Every stat of a run's stats.json but `inference_runtime` (HELM's mean request wall time, which
 * differs between any two runs; a batch answer carries no time of its own), as text.
 */
function statsOf(outputPath: string, suite = 'latest'): string {
  const directory = join(outputPath, 'runs', suite);
  // A killed run leaves its unfinished `.<run>.partial-<pid>` folder behind; the run is the other one.
  const run = readdirSync(directory, { withFileTypes: true }).find(
    (entry) => entry.isDirectory() && !entry.name.startsWith('.'),
  );
  const stats = JSON.parse(readFileSync(join(directory, run?.name ?? '', 'stats.json'), 'utf8')) as Array<{
    name: { name: string };
  }>;
  return JSON.stringify(
    stats.filter((stat) => stat.name.name !== 'inference_runtime'),
    null,
    2,
  );
}

/** The suite's cost ledger lines. */
function ledgerOf(outputPath: string, suite = 'latest') {
  return readFileSync(join(outputPath, 'runs', suite, 'medhelm_cost_ledger.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map(
      (line) =>
        JSON.parse(line) as {
          candidate_usd: number | null;
          judge_usd: number | null;
          batch_rate?: { candidate: boolean; jury: boolean };
        },
    );
}

describe('medhelm run --batch against batch-API mocks', () => {
  let server: MockModelServer;
  let data: string;
  const pubmedQa = (outputPath: string, ...extra: string[]) => [
    'run',
    '--benchmarks',
    'pubmed_qa',
    '--models',
    'openai:gpt-4o-2024-08-06',
    '--base-url',
    server.baseUrl,
    '--data-dir',
    data,
    '-o',
    outputPath,
    ...extra,
  ];

  beforeAll(async () => {
    server = await startMockModelServer({
      wires: ['openai', 'anthropic'],
      // Answers differ by question, so a mix-up of custom ids would change the stats.
      reply: (call) => ({
        content: /\((\d+)\)/.exec(call.prompt)?.[1]?.endsWith('3') ? 'B' : 'A',
        usage: { prompt_tokens: 1000, completion_tokens: 1 },
      }),
      jury: { score: (call) => (call.model.includes('claude') ? 3 : 4) },
      batch: { inProgressPolls: 2 },
    });
    data = pubmedQaData(INSTANCES);
  });

  afterAll(async () => {
    await server.close();
  });

  it('pubmed_qa, 50 instances with OpenAI: the same stats as synchronously, at half the cost, with no synchronous call', {
    timeout: 120_000,
  }, async () => {
    const sync = mkdtempSync(join(tmpdir(), 'medhelm-batch-sync-'));
    const first = await runCli(pubmedQa(sync), { cwd: sync, env: KEYS });
    expect(first.exitCode).toBe(0);
    const syncCalls = server.syncCallCount;
    expect(syncCalls).toBe(INSTANCES);

    const batched = mkdtempSync(join(tmpdir(), 'medhelm-batch-'));
    const batchesBefore = server.batches.length;
    const result = await runCli(pubmedQa(batched, '--batch', '--batch-poll', '0.05'), {
      cwd: batched,
      env: KEYS,
    });
    expect(result.stderr).not.toContain('error');
    expect(result.exitCode).toBe(0);
    expect(server.syncCallCount).toBe(syncCalls);
    expect(server.batches.length - batchesBefore).toBeGreaterThanOrEqual(1);
    expect(server.batches.slice(batchesBefore).reduce((total, batch) => total + batch.lineCount, 0)).toBe(
      INSTANCES,
    );
    expect(statsOf(batched)).toBe(statsOf(sync));
    expect(result.stderr).toMatch(
      /batch batch_\S+ \(openai\/gpt-4o-2024-08-06, the candidate model\): completed, 50\/50 answered/,
    );

    const [syncCost] = ledgerOf(sync);
    const [batchCost] = ledgerOf(batched);
    expect(syncCost?.candidate_usd).toBeGreaterThan(0);
    expect(batchCost?.candidate_usd).toBeCloseTo((syncCost?.candidate_usd ?? 0) / 2, 9);
    expect(batchCost?.batch_rate).toEqual({ candidate: true, jury: false });
    expect(result.stdout).toMatch(/\d\.\d+ batch/);
  });

  it.skipIf(!existsSync(BUILT_CLI))(
    'killed with SIGKILL while its batch runs, the same command re-attaches: no new batch, identical stats',
    {
      timeout: 120_000,
    },
    async () => {
      const reference = mkdtempSync(join(tmpdir(), 'medhelm-batch-reference-'));
      expect((await runCli(pubmedQa(reference), { cwd: reference, env: KEYS })).exitCode).toBe(0);

      const outputPath = mkdtempSync(join(tmpdir(), 'medhelm-batch-killed-'));
      const args = pubmedQa(outputPath, '--batch', '--batch-poll', '0.2');
      const before = server.batches.length;
      const killed = startBuiltCli(args, outputPath, KEYS);
      // Killed once its batch exists and has been polled: it is running at the provider.
      await until(() => (server.batches[before]?.polls ?? 0) >= 1, 60_000);
      killed.child.kill('SIGKILL');
      expect((await killed.exit).code).toBe(null);
      expect(server.batches).toHaveLength(before + 1);

      const syncCalls = server.syncCallCount;
      const again = startBuiltCli(args, outputPath, KEYS);
      const { code, stderr } = await again.exit;
      expect(stderr).toContain('re-attached');
      expect(code).toBe(0);
      expect(server.batches).toHaveLength(before + 1);
      expect(server.syncCallCount).toBe(syncCalls);
      expect(statsOf(outputPath)).toBe(statsOf(reference));
    },
  );

  it('stopped with Ctrl-C while its batch runs and nobody at a terminal: leaves the batch running and says how to collect it', {
    timeout: 60_000,
  }, async () => {
    const outputPath = mkdtempSync(join(tmpdir(), 'medhelm-batch-interrupted-'));
    const before = server.batches.length;
    const stop = new AbortController();
    const running = runCli(
      pubmedQa(outputPath, '--batch', '--batch-poll', '0.2', '--max-eval-instances', '5'),
      {
        cwd: outputPath,
        env: KEYS,
        signal: stop.signal,
      },
    );
    await until(() => (server.batches[before]?.polls ?? 0) >= 1, 30_000);
    stop.abort();
    const result = await running;
    expect(result.exitCode).toBe(130);
    expect(result.stderr).toMatch(
      /1 provider batch is left running \(openai\/gpt-4o-2024-08-06: batch_\S+\)\. Run the same command again to collect their answers/,
    );
    expect(server.batches[before]?.status).not.toBe('cancelling');
  });

  it('stopped with Ctrl-C at a terminal: asks, and cancels the running batch when told to', {
    timeout: 60_000,
  }, async () => {
    const outputPath = mkdtempSync(join(tmpdir(), 'medhelm-batch-cancelled-'));
    const before = server.batches.length;
    const stop = new AbortController();
    const questions: string[] = [];
    const running = runCli(
      pubmedQa(outputPath, '--batch', '--batch-poll', '0.2', '--max-eval-instances', '4'),
      {
        cwd: outputPath,
        env: KEYS,
        signal: stop.signal,
        ask: async (question) => {
          questions.push(question);
          return 'y';
        },
      },
    );
    await until(() => (server.batches[before]?.polls ?? 0) >= 1, 30_000);
    stop.abort();
    const result = await running;
    expect(result.exitCode).toBe(130);
    expect(questions).toHaveLength(1);
    expect(questions[0]).toMatch(
      /1 provider batch is still running \(openai\/gpt-4o-2024-08-06: batch_\S+\)\. Cancel it\?/,
    );
    expect(['cancelling', 'cancelled']).toContain(server.batches[before]?.status);
  });

  it('Anthropic, with a jury whose judges (OpenAI and Anthropic) answer through batches too', {
    timeout: 120_000,
  }, async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'medhelm-batch-jury-'));
    writeModelsFile(cwd, [
      { id: 'candidate', provider: 'anthropic', model: 'claude-candidate', baseUrl: server.origin },
      { id: 'judge-gpt', provider: 'openai', model: 'gpt-judge', baseUrl: server.baseUrl },
      { id: 'judge-llama', provider: 'openai', model: 'llama-judge', baseUrl: server.baseUrl },
      { id: 'judge-claude', provider: 'anthropic', model: 'claude-judge', baseUrl: server.origin },
    ]);
    // Each in its own output folder: a shared request cache would answer the second run.
    const command = (suite: string, ...extra: string[]) => [
      'run',
      '-o',
      suite,
      '--models-file',
      'models.yaml',
      '--benchmarks',
      'medication_qa',
      '--models',
      'candidate',
      '--judges',
      'gpt=judge-gpt,llama=judge-llama,claude=judge-claude',
      '--sample',
      '--max-eval-instances',
      '5',
      '--suite',
      suite,
      ...extra,
    ];
    const callsBefore = server.syncCallCount;
    const sync = await runCli(command('sync'), { cwd, env: KEYS });
    expect(sync.exitCode).toBe(0);
    const syncCalls = server.syncCallCount;
    // The candidate's answers and three judges' verdicts per instance (identical requests are made once).
    expect(syncCalls - callsBefore).toBeGreaterThan(5 * 3);
    const before = server.batches.length;
    const batched = await runCli(command('batched', '--batch', '--batch-poll', '0.05'), { cwd, env: KEYS });
    expect(batched.stderr).not.toContain('error');
    expect(batched.exitCode).toBe(0);
    expect(server.syncCallCount).toBe(syncCalls);
    const created = server.batches.slice(before);
    // One batch of the candidate's answers (Anthropic), then one per judge deployment.
    expect(created.map((batch) => batch.wire).sort()).toEqual(['anthropic', 'anthropic', 'openai', 'openai']);
    // Exactly the synchronous run's calls, as batch lines.
    expect(created.reduce((total, batch) => total + batch.lineCount, 0)).toBe(syncCalls - callsBefore);
    expect(statsOf(join(cwd, 'batched'), 'batched')).toBe(statsOf(join(cwd, 'sync'), 'sync'));
    const [syncCost] = ledgerOf(join(cwd, 'sync'), 'sync');
    const [batchCost] = ledgerOf(join(cwd, 'batched'), 'batched');
    expect(batchCost?.candidate_usd).toBeCloseTo((syncCost?.candidate_usd ?? 0) / 2, 9);
    expect(batchCost?.judge_usd).toBeCloseTo((syncCost?.judge_usd ?? 0) / 2, 9);
    expect(batchCost?.batch_rate).toEqual({ candidate: true, jury: true });
  });
});

describe('medhelm run --batch when lines fail or expire', () => {
  const closers: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const close of closers) await close();
  });

  async function runWith(batch: Parameters<typeof startMockModelServer>[0], ...extra: string[]) {
    const server = await startMockModelServer({ wires: ['openai'], reply: () => 'A', ...batch });
    closers.push(() => server.close());
    const outputPath = mkdtempSync(join(tmpdir(), 'medhelm-batch-faults-'));
    const result = await runCli(
      [
        'run',
        '--benchmarks',
        'pubmed_qa',
        '--models',
        'openai:gpt-4o-2024-08-06',
        '--base-url',
        server.baseUrl,
        '--data-dir',
        pubmedQaData(10),
        '-o',
        outputPath,
        '--batch',
        '--batch-poll',
        '0.05',
        ...extra,
      ],
      { cwd: outputPath, env: KEYS },
    );
    return { server, result };
  }

  it('sends expired lines again in a follow-up batch, saying why, and fails them after two batches', {
    timeout: 60_000,
  }, async () => {
    // The mock expires the last 3 lines of every batch: the follow-up batch of 3 expires whole.
    const { server, result } = await runWith({ batch: { expireLines: 3 } });
    expect(server.batches.map((batch) => batch.lineCount)).toEqual([10, 3]);
    expect(server.syncCallCount).toBe(0);
    expect(result.stderr).toMatch(
      /3 requests got no answer \(expired ×3; first: expired: .+\); sending them again/,
    );
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toMatch(
      /3 instances failed \(first: instance \S+: .+ the request expired before its batch ran it \(after 2 batches\)/,
    );
  });

  it('with --batch-fallback sync, calls the model synchronously for lines that failed', {
    timeout: 60_000,
  }, async () => {
    const { server, result } = await runWith(
      { batch: { lineErrors: { count: 2, status: 400, message: 'bad line' } } },
      '--batch-fallback',
      'sync',
    );
    expect(result.exitCode).toBe(0);
    expect(server.batches).toHaveLength(1);
    expect(server.syncCallCount).toBe(2);
  });

  it('fails the instances whose lines keep failing, naming the batch and the reason (exit 1)', {
    timeout: 60_000,
  }, async () => {
    const { server, result } = await runWith({
      batch: { lineErrors: { count: 2, status: 400, message: 'bad line' } },
    });
    expect(result.exitCode).toBe(1);
    // A 400 is not worth sending again: no follow-up batch.
    expect(server.batches).toHaveLength(1);
    expect(result.stderr).toMatch(
      /2 instances failed \(first: instance \S+: openai\/gpt-4o-2024-08-06 batch batch_\S+: the request failed in its batch: /,
    );
  });
});

describe('medhelm run --batch before any request', () => {
  it('refuses a provider with no batch API, naming it, and sends nothing (exit 2)', async () => {
    const server = await startMockModelServer({ wires: ['openai'] });
    try {
      const cwd = mkdtempSync(join(tmpdir(), 'medhelm-batch-refused-'));
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
          '--batch',
        ],
        { cwd, env: {} },
      );
      expect(result.exitCode).toBe(2);
      expect(result.stderr).toContain(
        'provider openai-compatible has no batch API, so it cannot be called with --batch',
      );
      expect(server.requestCount).toBe(0);
    } finally {
      await server.close();
    }
  });
});
