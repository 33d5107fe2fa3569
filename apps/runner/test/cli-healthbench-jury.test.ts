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
  name: { name: string; perturbation?: unknown };
  mean?: number;
}

/** The bundled sample: 30 examples, 179 rubric items, two with no positive points (conformance README). */
const EXAMPLES = 30;
const RUBRIC_ITEMS = 179;
const UNSCORABLE = ['synthetic-1002', 'synthetic-1015'];

/** simple-evals' own score of each example for one `example_scores.jsonl` pattern of verdicts. */
function referenceScores(pattern: string): Map<string, number | null> {
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
      .filter((line) => line.pattern === pattern)
      .map((line) => [line.prompt_id, line.expected.calculate_score]),
  );
}

/** The points of the rubric item a grader prompt asks about (`# Rubric item\n[7] ...`). */
function itemPoints(prompt: string): number {
  const points = /# Rubric item\n\[(-?[\d.]+)\]/.exec(prompt)?.[1];
  if (points === undefined) throw new Error(`no rubric item in the grader prompt: ${prompt.slice(0, 200)}`);
  return Number(points);
}

const verdict = (met: boolean) => `{"explanation": "mock", "criteria_met": ${met}}`;

function onlyRunDirectory(cwd: string, suite: string): string {
  const directory = join(cwd, 'benchmark_output', 'runs', suite);
  const run = readdirSync(directory, { withFileTypes: true }).find((entry) => entry.isDirectory());
  return join(directory, run?.name ?? '');
}

describe('medhelm run healthbench:grading=jury', () => {
  it("grades every rubric item by every judge and scores the majority of their usable verdicts, labelled as not OpenAI's", {
    timeout: 180_000,
  }, async () => {
    // judge-a: met exactly the positive items; judge-b: every item met; judge-c: never a usable
    // reply. The majority of the usable verdicts (a tie is not met) is judge-a's: the reference's
    // `positives_only` pattern.
    const server = await startMockModelServer({
      wires: ['openai'],
      reply: (call) => {
        if (call.model === 'judge-a') return verdict(itemPoints(call.prompt) > 0);
        if (call.model === 'judge-b') return verdict(true);
        if (call.model === 'judge-c') return '42';
        return '[SYNTHETIC] A candidate reply.';
      },
    });
    closers.push(() => server.close());
    const cwd = mkdtempSync(join(tmpdir(), 'medhelm-healthbench-jury-'));
    writeModelsFile(
      cwd,
      ['candidate', 'judge-a', 'judge-b', 'judge-c'].map((id) => ({ id, baseUrl: server.baseUrl })),
    );
    const result = await runCli(
      [
        'run',
        '--models-file',
        'models.yaml',
        '--run-entries',
        'healthbench:grading=jury,model=openai-compatible:candidate',
        '--judges',
        'a=judge-a,b=judge-b,c=judge-c',
        '--max-invalid-judge-replies',
        '1',
        '--sample',
        '--suite',
        'hb',
      ],
      { cwd },
    );
    expect(result.exitCode).toBe(0);
    expect(result.stderr).toContain('NOT comparable with OpenAI');

    const calls = (model: string) =>
      server.requests.filter((request) => (request.body as { model: string }).model === model).length;
    expect(calls('candidate')).toBe(EXAMPLES);
    expect(calls('judge-a')).toBe(RUBRIC_ITEMS);
    expect(calls('judge-b')).toBe(RUBRIC_ITEMS);
    // Asked again on each unusable reply, at most 5 times per item; never the grader.
    expect(calls('judge-c')).toBe(RUBRIC_ITEMS * 5);
    expect(calls('gpt-4.1-2025-04-14')).toBe(0);

    const run = onlyRunDirectory(cwd, 'hb');
    const stats = JSON.parse(readFileSync(join(run, 'stats.json'), 'utf8')) as StatRecord[];
    const mean = (name: string) =>
      stats.find((stat) => stat.name.name === name && stat.name.perturbation === undefined)?.mean;
    const scored = [...referenceScores('positives_only')]
      .filter(([id]) => !UNSCORABLE.includes(id))
      .map(([, score]) => score ?? Number.NaN);
    const expectedMean = Math.min(
      Math.max(scored.reduce((sum, score) => sum + score, 0) / scored.length, 0),
      1,
    );
    // Named apart from OpenAI's numbers: no `healthbench_score`, no bare `overall_score`.
    expect(mean('healthbench_jury_score')).toBeCloseTo(expectedMean, 12);
    expect(mean('jury:overall_score')).toBeCloseTo(expectedMean, 12);
    expect(mean('jury:overall_score:n_samples')).toBe(EXAMPLES - UNSCORABLE.length);
    expect(mean('healthbench_score')).toBeUndefined();
    expect(mean('overall_score')).toBeUndefined();

    const report = JSON.parse(readFileSync(join(run, 'medhelm_run.json'), 'utf8')) as {
      headline: { name: string };
      warnings: string[];
      jury_replies: { invalid: number; invalid_reply_note?: string };
    };
    expect(report.headline.name).toBe('healthbench_jury_score');
    expect(report.warnings.some((warning) => warning.includes('NOT comparable with OpenAI'))).toBe(true);
    expect(report.jury_replies.invalid).toBe(RUBRIC_ITEMS * 5);
    // The invalid-reply warning says what HealthBench's jury does, not HELM's jury's default.
    const invalidWarning = report.warnings.find((warning) => warning.includes('could not be used'));
    expect(invalidWarning).toContain("left out of the item's majority");
    expect(invalidWarning).not.toContain('HELM');
    expect(report.jury_replies.invalid_reply_note).toContain("left out of the item's majority");

    const summarized = await runCli(['summarize', '--suite', 'hb'], { cwd });
    expect(summarized.stdout).toContain('healthbench_jury_score');
    expect(summarized.stdout).toContain("left out of the item's majority");
    expect(summarized.stdout).not.toContain('HELM scores such instances 1.0');
  });

  it('--estimate counts one call per rubric item and judge of the jury', async () => {
    const server = await startMockModelServer({ wires: ['openai'] });
    closers.push(() => server.close());
    const cwd = mkdtempSync(join(tmpdir(), 'medhelm-healthbench-jury-'));
    writeModelsFile(
      cwd,
      ['candidate', 'judge-a', 'judge-b'].map((id) => ({ id, baseUrl: server.baseUrl })),
    );
    const result = await runCli(
      [
        'run',
        '--estimate',
        '--models-file',
        'models.yaml',
        '--run-entries',
        'healthbench:grading=jury,model=openai-compatible:candidate',
        '--judges',
        'a=judge-a,b=judge-b',
        '--sample',
      ],
      { cwd },
    );
    expect(result.exitCode).toBe(0);
    expect(server.requests).toHaveLength(0);
    expect(result.stdout).toMatch(
      new RegExp(
        `${RUBRIC_ITEMS * 2} judge calls \\(${((RUBRIC_ITEMS * 2) / EXAMPLES).toFixed(1)} per instance\\)`,
      ),
    );
  });
});
