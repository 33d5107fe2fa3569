import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findFidelityDirectory, startMockModelServer } from '@medhelm/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { writeModelsFile } from './jury-models-file.ts';
import { runCli } from './run-cli.ts';

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

interface StatRecord {
  name: { name: string; split?: string; perturbation?: unknown };
  mean?: number;
}

/** The bundled sample: 30 examples, 179 rubric items, two with no positive points (conformance README). */
const EXAMPLES = 30;
const RUBRIC_ITEMS = 179;
const UNSCORABLE = ['synthetic-1002', 'synthetic-1015'];

/** `example_scores.jsonl`'s `all_met` pattern: simple-evals' own score of each example when every item is met. */
function referenceScores(): Map<string, number | null> {
  const directory = findFidelityDirectory(['conformance-healthbench/example_scores.jsonl']);
  const lines = readFileSync(join(directory ?? '', 'conformance-healthbench', 'example_scores.jsonl'), 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map(
      (line) =>
        JSON.parse(line) as {
          prompt_id: string;
          pattern: string;
          expected: { calculate_score: number | null };
        },
    );
  return new Map(
    lines
      .filter((line) => line.pattern === 'all_met')
      .map((line) => [line.prompt_id, line.expected.calculate_score]),
  );
}

describe('medhelm run healthbench with a mock grader', () => {
  it('makes one candidate call per example and one grader call per rubric item (plus a bounded retry), and writes the overall and per-tag scores', {
    timeout: 120_000,
  }, async () => {
    let graderCalls = 0;
    // The grader finds every criterion met, negative ones included (so example scores vary); its
    // very first reply is not JSON, so that item is asked again.
    const server = await startMockModelServer({
      wires: ['openai'],
      reply: (call) => {
        if (call.model !== 'grader') return '[SYNTHETIC] A candidate reply.';
        graderCalls++;
        if (graderCalls === 1) return 'not json';
        return '```json\n{"explanation": "mock verdict", "criteria_met": true}\n```';
      },
    });
    closers.push(() => server.close());
    const cwd = mkdtempSync(join(tmpdir(), 'medhelm-healthbench-'));
    writeModelsFile(
      cwd,
      ['candidate', 'grader'].map((id) => ({ id, baseUrl: server.baseUrl })),
    );
    const result = await runCli(
      [
        'run',
        '--models-file',
        'models.yaml',
        '--benchmarks',
        'healthbench',
        '--models',
        'candidate',
        '--grader',
        'grader',
        '--sample',
        '--suite',
        'hb',
      ],
      { cwd },
    );
    expect(result.stderr).toContain(
      `2 instances not scored by healthbench (first: instance ${UNSCORABLE[0]}`,
    );
    // The invalid reply's warning says what the grader annotator does with it, not HELM's jury rule.
    expect(result.stderr).toContain('1 of 180 judge replies (0.6%) could not be used');
    expect(result.stderr).toContain('Each was asked again (at most 5 times per rubric item)');
    expect(result.stderr).not.toContain('HELM leaves an unusable reply out of the score');

    const bodies = server.requests.map(
      (request) =>
        request.body as {
          model: string;
          messages: Array<{ role: string; content: string }>;
          temperature: number;
          max_tokens: number;
        },
    );
    expect(bodies.filter((body) => body.model === 'candidate')).toHaveLength(EXAMPLES);
    const grader = bodies.filter((body) => body.model === 'grader');
    expect(grader).toHaveLength(RUBRIC_ITEMS + 1);
    // simple-evals' grader request: its system message, temperature 0.5, 2,048 tokens.
    expect(grader[0]).toMatchObject({ temperature: 0.5, max_tokens: 2048 });
    expect(grader[0]?.messages[0]).toEqual({ role: 'system', content: 'You are a helpful assistant.' });

    const suite = join(cwd, 'benchmark_output', 'runs', 'hb');
    const run = join(
      suite,
      readdirSync(suite, { withFileTypes: true }).find((entry) => entry.isDirectory())?.name ?? '',
    );
    const stats = JSON.parse(readFileSync(join(run, 'stats.json'), 'utf8')) as StatRecord[];
    const mean = (name: string) =>
      stats.find((stat) => stat.name.name === name && stat.name.perturbation === undefined)?.mean;
    const reference = referenceScores();
    const scored = [...reference]
      .filter(([id]) => !UNSCORABLE.includes(id))
      .map(([, score]) => score ?? Number.NaN);
    const expectedMean = Math.min(
      Math.max(scored.reduce((total, score) => total + score, 0) / scored.length, 0),
      1,
    );
    expect(mean('healthbench_score')).toBeCloseTo(expectedMean, 12);
    expect(mean('overall_score')).toBeCloseTo(expectedMean, 12);
    expect(mean('overall_score:n_samples')).toBe(EXAMPLES - UNSCORABLE.length);
    expect(mean('score:n_samples')).toBe(EXAMPLES - UNSCORABLE.length);
    expect(mean('overall_score:bootstrap_std')).toBeGreaterThan(0);
    // Per-tag scores: a theme (example tag) and an axis (rubric tag), each over the examples that carry it.
    expect(mean('theme:communication')).toBeDefined();
    expect(mean('axis:accuracy')).toBeDefined();
    expect(mean('axis:accuracy:n_samples')).toBeGreaterThan(0);

    // Each example's own score, per instance, is the reference's.
    const perInstance = JSON.parse(readFileSync(join(run, 'per_instance_stats.json'), 'utf8')) as Array<{
      instance_id: string;
      stats: Array<{ name: { name: string }; mean: number }>;
    }>;
    for (const entry of perInstance) {
      const overall = entry.stats.find((stat) => stat.name.name === 'example:overall_score');
      expect(overall?.mean).toBe(reference.get(entry.instance_id));
    }
    expect(perInstance.map((entry) => entry.instance_id)).not.toContain(UNSCORABLE[0]);
  });

  it('with --batch, the candidate and the grader answer through batch APIs: the same scores, no synchronous call', {
    timeout: 120_000,
  }, async () => {
    let graderLines = 0;
    const server = await startMockModelServer({
      wires: ['openai'],
      reply: (call) => {
        if (call.model !== 'grader') return '[SYNTHETIC] A candidate reply.';
        graderLines++;
        // The first verdict is not JSON: the item is asked again, in a follow-up batch.
        if (graderLines === 1) return 'not json';
        return '```json\n{"explanation": "mock verdict", "criteria_met": true}\n```';
      },
      batch: {},
    });
    closers.push(() => server.close());
    const cwd = mkdtempSync(join(tmpdir(), 'medhelm-healthbench-batch-'));
    writeModelsFile(
      cwd,
      ['candidate', 'grader'].map((id) => ({ id, baseUrl: server.baseUrl, provider: 'openai' })),
    );
    await runCli(
      [
        'run',
        '--models-file',
        'models.yaml',
        '--benchmarks',
        'healthbench',
        '--models',
        'candidate',
        '--grader',
        'grader',
        '--sample',
        '--suite',
        'hb',
        '--batch',
        '--batch-poll',
        '0.05',
      ],
      { cwd, env: { OPENAI_API_KEY: 'test-key' } },
    );
    expect(server.syncCallCount).toBe(0);
    expect(server.batchLineCount).toBe(EXAMPLES + RUBRIC_ITEMS + 1);
    // The candidate's batch first, then the grader's (and the follow-up of the retried item).
    expect(server.batches[0]?.lineCount).toBe(EXAMPLES);
    const suite = join(cwd, 'benchmark_output', 'runs', 'hb');
    const run = join(
      suite,
      readdirSync(suite, { withFileTypes: true }).find((entry) => entry.isDirectory())?.name ?? '',
    );
    const stats = JSON.parse(readFileSync(join(run, 'stats.json'), 'utf8')) as StatRecord[];
    const scored = [...referenceScores()]
      .filter(([id]) => !UNSCORABLE.includes(id))
      .map(([, score]) => score ?? Number.NaN);
    const expectedMean = scored.reduce((total, score) => total + score, 0) / scored.length;
    const headline = stats.find(
      (stat) => stat.name.name === 'healthbench_score' && stat.name.perturbation === undefined,
    );
    expect(headline?.mean).toBeCloseTo(Math.min(Math.max(expectedMean, 0), 1), 12);
  });

  it('rescore without --grader scores the stored verdicts again, calling no model', {
    timeout: 120_000,
  }, async () => {
    const server = await startMockModelServer({
      wires: ['openai'],
      reply: (call) =>
        call.model === 'grader'
          ? '{"explanation": "mock verdict", "criteria_met": true}'
          : '[SYNTHETIC] A candidate reply.',
    });
    closers.push(() => server.close());
    const cwd = mkdtempSync(join(tmpdir(), 'medhelm-healthbench-rescore-'));
    writeModelsFile(
      cwd,
      ['candidate', 'grader'].map((id) => ({ id, baseUrl: server.baseUrl, price: null })),
    );
    const args = ['--models-file', 'models.yaml', '--benchmarks', 'healthbench', '--models', 'candidate'];
    const ran = await runCli(['run', ...args, '--grader', 'grader', '--sample', '--suite', 'hb'], { cwd });
    expect(ran.exitCode).toBe(0);
    const calls = server.requests.length;
    const rescored = await runCli(['rescore', join('benchmark_output', 'runs', 'hb'), '--suite', 'again'], {
      cwd,
      env: {},
    });
    expect(rescored.exitCode, rescored.stderr).toBe(0);
    expect(server.requests).toHaveLength(calls);
    const statsOf = (suite: string) => {
      const directory = join(cwd, 'benchmark_output', 'runs', suite);
      const run = readdirSync(directory, { withFileTypes: true }).find((entry) => entry.isDirectory());
      return JSON.parse(readFileSync(join(directory, run?.name ?? '', 'stats.json'), 'utf8')) as StatRecord[];
    };
    const headline = (suite: string) =>
      statsOf(suite).find(
        (stat) => stat.name.name === 'healthbench_score' && stat.name.perturbation === undefined,
      )?.mean;
    // Every item met: the mean of the reference's all_met scores of the scorable examples.
    const scored = [...referenceScores()]
      .filter(([id]) => !UNSCORABLE.includes(id))
      .map(([, score]) => score ?? Number.NaN);
    const expectedMean = scored.reduce((total, score) => total + score, 0) / scored.length;
    expect(headline('again')).toBeCloseTo(Math.min(Math.max(expectedMean, 0), 1), 12);
    expect(headline('again')).toBe(headline('hb'));
  });

  it('fails an instance whose grader never replies usably, after a bounded number of attempts, instead of scoring it', {
    timeout: 120_000,
  }, async () => {
    const server = await startMockModelServer({
      wires: ['openai'],
      reply: (call) => (call.model === 'grader' ? '42' : '[SYNTHETIC] A candidate reply.'),
    });
    closers.push(() => server.close());
    const cwd = mkdtempSync(join(tmpdir(), 'medhelm-healthbench-'));
    writeModelsFile(
      cwd,
      ['candidate', 'grader'].map((id) => ({ id, baseUrl: server.baseUrl, price: null })),
    );
    const result = await runCli(
      [
        'run',
        '--models-file',
        'models.yaml',
        '--benchmarks',
        'healthbench',
        '--models',
        'candidate',
        '--grader',
        'grader',
        '--sample',
        '--max-eval-instances',
        '1',
        '--suite',
        'hb',
      ],
      { cwd },
    );
    expect(result.exitCode).not.toBe(0);
    expect(result.stdout + result.stderr).toContain('the grader gave no usable verdict');
    // Every rubric item of the one instance was asked at most 5 times; nothing loops.
    const graderCalls = server.requests.filter(
      (request) => (request.body as { model: string }).model === 'grader',
    );
    expect(graderCalls.length).toBeGreaterThan(0);
    expect(graderCalls.length % 5).toBe(0);
    expect(result.stdout).not.toMatch(/healthbench_score\s+\d/);
  });

  it('--estimate counts one grader call per rubric item, priced at the grader deployment', async () => {
    const server = await startMockModelServer({ wires: ['openai'] });
    closers.push(() => server.close());
    const cwd = mkdtempSync(join(tmpdir(), 'medhelm-healthbench-'));
    writeModelsFile(
      cwd,
      ['candidate', 'grader'].map((id) => ({ id, baseUrl: server.baseUrl })),
    );
    const result = await runCli(
      [
        'run',
        '--estimate',
        '--models-file',
        'models.yaml',
        '--benchmarks',
        'healthbench',
        '--models',
        'candidate',
        '--grader',
        'grader',
        '--sample',
      ],
      { cwd },
    );
    expect(result.exitCode).toBe(0);
    expect(server.requests).toHaveLength(0);
    // 179 rubric items over 30 examples; each grader call may write 2,048 tokens.
    expect(result.stdout).toMatch(
      new RegExp(
        `${RUBRIC_ITEMS} judge calls \\(6\\.0 per instance\\), \\d+~ prompt tokens, at most ${RUBRIC_ITEMS * 2048} completion tokens, max \\$\\d+\\.\\d{6}`,
      ),
    );
  });
});
