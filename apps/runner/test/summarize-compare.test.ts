import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findFidelityDirectory, startMockModelServer } from '@medhelm/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeJuryModelsFile } from './jury-models-file.ts';
import { runCli } from './run-cli.ts';

interface StatRecord {
  name: { name: string; split?: string; perturbation?: unknown };
  mean?: number;
}

interface Score {
  metric: string;
  split: string;
  value: number | null;
  ci95: [number, number] | null;
  corrected: { metric: string; value: number | null } | null;
  instances: number | null;
}

interface LeaderboardJson {
  suite: string;
  models: Array<{
    model: string;
    mean_win_rate: number | null;
    categories: Record<string, { mean_win_rate: number | null }>;
    scores: Record<string, Score>;
    cost: {
      candidate: { prompt_tokens: number | null; completion_tokens: number | null; usd: number | null };
      jury: { usd: number | null };
    };
  }>;
}

/** A run directory's files, read whole (small test runs). */
class RunDirectory {
  constructor(readonly path: string) {}
  json<T>(file: string): T {
    return JSON.parse(readFileSync(join(this.path, file), 'utf8')) as T;
  }
  get model(): string {
    return this.json<{ adapter_spec: { model: string } }>('run_spec.json').adapter_spec.model;
  }
  get benchmark(): string {
    return this.json<{ groups: string[] }>('run_spec.json').groups[0] ?? '';
  }
  /** The plain stat's mean in stats.json. */
  mean(name: string, split = 'test'): number | undefined {
    return this.json<StatRecord[]>('stats.json').find(
      (stat) => stat.name.name === name && stat.name.split === split && stat.name.perturbation === undefined,
    )?.mean;
  }
  /** The instances with the stat in per_instance_stats.json. */
  instancesWith(name: string): number {
    return this.json<Array<{ stats: StatRecord[] }>>('per_instance_stats.json').filter((entry) =>
      entry.stats.some((stat) => stat.name.name === name),
    ).length;
  }
}

function runDirectories(suiteDirectory: string): RunDirectory[] {
  return readdirSync(suiteDirectory, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => new RunDirectory(join(suiteDirectory, entry.name)));
}

const HEADLINE: Record<string, string> = {
  pubmed_qa: 'exact_match',
  medcalc_bench: 'medcalc_bench_accuracy',
};

describe('medhelm summarize and compare after a run of two models', () => {
  const cwd = mkdtempSync(join(tmpdir(), 'medhelm-summarize-'));
  const output = join(cwd, 'out');
  const suiteDirectory = join(output, 'runs', 'board');
  let closeServer: () => Promise<void> = async () => {};

  beforeAll(async () => {
    // The served model alternates A and B (pubmed_qa) and never gives a number (medcalc_bench).
    const server = await startMockModelServer({
      wires: ['openai'],
      reply: (_call, index) => (index % 2 ? 'B' : 'A'),
    });
    closeServer = () => server.close();
    writeFileSync(
      join(cwd, 'models.yaml'),
      `deployments:\n  served:\n    provider: openai-compatible\n    model: served-model\n    baseUrl: ${server.baseUrl}\n    price: { inputPerMillion: 1, outputPerMillion: 2 }\n`,
    );
    const run = await runCli(
      [
        'run',
        '--models-file',
        'models.yaml',
        '--benchmarks',
        'pubmed_qa,medcalc_bench',
        '--models',
        'baseline:first-option,served',
        '--sample',
        '--suite',
        'board',
        '-o',
        output,
      ],
      { cwd },
    );
    expect(run.stderr).not.toContain('error');
    expect(run.exitCode).toBe(0);
  }, 180_000);
  afterAll(() => closeServer());

  it('writes leaderboard.{json,csv,md} whose numbers are those of stats.json', async () => {
    const result = await runCli(['summarize', '--suite', 'board', '-o', output], { cwd });
    expect(result.stderr).toBe('');
    expect(result.exitCode).toBe(0);
    const summaries = join(output, 'summaries', 'board');
    for (const file of ['leaderboard.json', 'leaderboard.csv', 'leaderboard.md']) {
      expect(existsSync(join(summaries, file))).toBe(true);
      expect(result.stdout).toContain(join(summaries, file));
    }
    const leaderboard = JSON.parse(
      readFileSync(join(summaries, 'leaderboard.json'), 'utf8'),
    ) as LeaderboardJson;
    expect(leaderboard.suite).toBe('board');
    const runs = runDirectories(suiteDirectory);
    expect(runs).toHaveLength(4);
    const models = [...new Set(runs.map((run) => run.model))].sort();
    expect(leaderboard.models.map((model) => model.model).sort()).toEqual(models);
    for (const run of runs) {
      const row = leaderboard.models.find((model) => model.model === run.model);
      const headline = HEADLINE[run.benchmark] ?? '';
      const score = row?.scores[run.benchmark];
      expect(score?.metric).toBe(headline);
      expect(score?.split).toBe('test');
      expect(score?.value).toBe(run.mean(headline));
      expect(score?.instances).toBe(run.instancesWith(headline));
      const [low, high] = score?.ci95 ?? [Number.NaN, Number.NaN];
      expect(low).toBeLessThanOrEqual(score?.value ?? Number.NaN);
      expect(high).toBeGreaterThanOrEqual(score?.value ?? Number.NaN);
      if (run.benchmark === 'medcalc_bench') {
        expect(score?.corrected).toEqual({
          metric: 'medcalc_bench_accuracy_corrected',
          value: run.mean('medcalc_bench_accuracy_corrected'),
        });
      } else {
        expect(score?.corrected).toBeNull();
      }
    }
    // Two models: on each benchmark the higher one wins (1), the lower loses (0), a tie is 1/2 each.
    // A model's mean win rate is the mean over both benchmarks; each category has one benchmark.
    const headlineOf = (model: string, benchmark: string) =>
      runs
        .find((run) => run.model === model && run.benchmark === benchmark)
        ?.mean(HEADLINE[benchmark] ?? '') ?? 0;
    const rate = (mine: number, theirs: number) => (mine > theirs ? 1 : mine === theirs ? 0.5 : 0);
    for (const model of models) {
      const other = models.find((candidate) => candidate !== model) ?? '';
      const pubmed = rate(headlineOf(model, 'pubmed_qa'), headlineOf(other, 'pubmed_qa'));
      const medcalc = rate(headlineOf(model, 'medcalc_bench'), headlineOf(other, 'medcalc_bench'));
      const row = leaderboard.models.find((entry) => entry.model === model);
      expect(row?.mean_win_rate).toBe((pubmed + medcalc) / 2);
      expect(row?.categories).toEqual({
        'Clinical Decision Support': { mean_win_rate: medcalc },
        'Medical Research Assistance': { mean_win_rate: pubmed },
      });
    }
    // Tokens are the runs' usage; dollars what the ledger recorded (the served model is priced).
    for (const model of models) {
      const mine = runs.filter((run) => run.model === model);
      const reports = mine.map((run) =>
        run.json<{
          usage: { promptTokens: number; completionTokens: number };
          cost: { candidateUsd: number };
        }>('medhelm_run.json'),
      );
      const row = leaderboard.models.find((entry) => entry.model === model);
      expect(row?.cost.candidate.prompt_tokens).toBe(
        reports.reduce((sum, report) => sum + report.usage.promptTokens, 0),
      );
      expect(row?.cost.candidate.completion_tokens).toBe(
        reports.reduce((sum, report) => sum + report.usage.completionTokens, 0),
      );
      expect(row?.cost.candidate.usd).toBeCloseTo(
        reports.reduce((sum, report) => sum + report.cost.candidateUsd, 0),
        12,
      );
    }
    const served = leaderboard.models.find((model) => model.model !== 'baseline/first-option');
    expect(served?.cost.candidate.usd).toBeGreaterThan(0);
    // The CSV has a header and one row per model and benchmark; the Markdown both tables.
    expect(readFileSync(join(summaries, 'leaderboard.csv'), 'utf8').trim().split('\r\n')).toHaveLength(1 + 4);
    expect(readFileSync(join(summaries, 'leaderboard.md'), 'utf8')).toContain(
      '| pubmed_qa | Medical Research Assistance |',
    );
  });

  it('compares the two models on the instances both answered', async () => {
    const runs = runDirectories(suiteDirectory);
    const [modelA, modelB] = [
      'baseline/first-option',
      runs.map((run) => run.model).find((model) => model !== 'baseline/first-option') ?? '',
    ];
    const result = await runCli(
      ['compare', '--suite', 'board', '-o', output, modelA, modelB, '--json', '--top', '3'],
      {
        cwd,
      },
    );
    expect(result.exitCode).toBe(0);
    const comparison = JSON.parse(result.stdout) as {
      benchmarks: Array<{
        benchmark: string;
        paired_instances: number;
        mean_difference: number;
        p_value: number;
        top_disagreements: Array<{ instance_id: string; a: number; b: number }>;
      }>;
    };
    expect(comparison.benchmarks.map((entry) => entry.benchmark)).toEqual(['medcalc_bench', 'pubmed_qa']);
    for (const entry of comparison.benchmarks) {
      const headline = HEADLINE[entry.benchmark] ?? '';
      const [a, b] = [modelA, modelB].map((model) =>
        runs.find((run) => run.model === model && run.benchmark === entry.benchmark),
      );
      // Both models answered every instance, so the mean difference is the difference of the means.
      expect(entry.paired_instances).toBe(a?.instancesWith(headline));
      expect(entry.mean_difference).toBeCloseTo((a?.mean(headline) ?? 0) - (b?.mean(headline) ?? 0), 12);
      expect(entry.p_value).toBeGreaterThan(0);
      expect(entry.p_value).toBeLessThanOrEqual(1);
      expect(entry.top_disagreements.length).toBeLessThanOrEqual(3);
      for (const instance of entry.top_disagreements) expect(instance.a).not.toBe(instance.b);
    }
    const text = await runCli(['compare', '--suite', 'board', '-o', output, modelA, modelB], { cwd });
    expect(text.exitCode).toBe(0);
    expect(text.stdout).toMatch(/^pubmed_qa\s+exact_match \(test\)\s+20\s/m);
  });

  it('takes the models as --models names them too: a models-file id, provider:model, a HELM name', async () => {
    const runs = runDirectories(suiteDirectory);
    const served = runs.map((run) => run.model).find((model) => model !== 'baseline/first-option') ?? '';
    const byHelmName = await runCli(
      ['compare', '--suite', 'board', '-o', output, 'baseline/first-option', served, '--json'],
      { cwd },
    );
    const byIds = await runCli(
      [
        'compare',
        '--suite',
        'board',
        '-o',
        output,
        '--models-file',
        'models.yaml',
        'baseline:first-option',
        'served',
        '--json',
      ],
      { cwd },
    );
    expect(byIds.stderr).toBe('');
    expect(byIds.exitCode).toBe(0);
    expect(JSON.parse(byIds.stdout)).toEqual(JSON.parse(byHelmName.stdout));
    const text = await runCli(
      [
        'compare',
        '--suite',
        'board',
        '-o',
        output,
        '--models-file',
        'models.yaml',
        'baseline:first-option',
        'served',
      ],
      { cwd },
    );
    expect(text.stdout).toContain(
      `A = baseline:first-option (baseline/first-option), B = served (${served})`,
    );
  });

  it('says when a deployment names a model the suite has no runs of, or no deployment at all', async () => {
    const other = await runCli(
      ['compare', '--suite', 'board', '-o', output, 'gpt-4o', 'baseline/first-option'],
      {
        cwd,
      },
    );
    expect(other.exitCode).toBe(2);
    expect(other.stderr).toContain(
      'error: Deployment gpt-4o is model openai/gpt-4o-2024-08-06, of which suite board has no runs.',
    );
    expect(other.stderr).toContain('This suite has runs of: baseline/first-option, ');
    const noSuite = await runCli(['compare', '--suite', 'nothing', '-o', output, 'gpt-4o', 'served'], {
      cwd,
    });
    expect(noSuite.exitCode).toBe(2);
    expect(noSuite.stderr).toContain(
      `error: There is no suite nothing: ${join(output, 'runs', 'nothing')} does not exist.`,
    );
    // Without --models-file its ids are unknown.
    const unknown = await runCli(
      ['compare', '--suite', 'board', '-o', output, 'served', 'baseline/first-option'],
      {
        cwd,
      },
    );
    expect(unknown.exitCode).toBe(2);
    expect(unknown.stderr).toContain(
      'error: served is neither a model of suite board nor a known deployment',
    );
    expect(unknown.stderr).toContain('--models-file');
  });

  it('says which models a suite has when compare is given another', async () => {
    const result = await runCli(
      ['compare', '--suite', 'board', '-o', output, 'baseline/first-optoin', 'x/y'],
      { cwd },
    );
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain(
      'has no runs of model baseline/first-optoin (did you mean baseline/first-option?)',
    );
  });

  it('names the missing suite and a schema’s bad field', async () => {
    const missing = await runCli(['summarize', '--suite', 'nothing', '-o', output], { cwd });
    expect(missing.exitCode).toBe(2);
    expect(missing.stderr).toContain(join(output, 'runs', 'nothing'));
    expect(missing.stderr).toContain('medhelm run --suite nothing');
    writeFileSync(
      join(cwd, 'bad-schema.yaml'),
      'benchmarks:\n  - { name: pubmed_qa, category: X, main_split: test }\n',
    );
    const bad = await runCli(['summarize', '--suite', 'board', '-o', output, '--schema', 'bad-schema.yaml'], {
      cwd,
    });
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toContain('bad-schema.yaml');
    expect(bad.stderr).toContain('benchmarks[0].main_name');
  });
});

// A run HELM itself wrote, bundled in the repository (@medhelm/fidelity-vectors), so this runs on a fresh clone.
const fidelityDirectory = findFidelityDirectory(['reference/helm-sample-run']);
const helmSampleSuite =
  fidelityDirectory === undefined ? undefined : join(fidelityDirectory, 'reference', 'helm-sample-run');

describe.skipIf(helmSampleSuite === undefined)(
  'medhelm summarize on a suite holding a HELM-written run',
  () => {
    it('reads the benchmark from run_spec.json groups and the model from adapter_spec.model', {
      timeout: 120_000,
    }, async () => {
      const cwd = mkdtempSync(join(tmpdir(), 'medhelm-summarize-helm-'));
      const output = join(cwd, 'out');
      const run = await runCli(
        [
          'run',
          '--benchmarks',
          'pubmed_qa',
          '--models',
          'baseline:first-option',
          '--sample',
          '--suite',
          'mixed',
          '-o',
          output,
        ],
        { cwd },
      );
      expect(run.exitCode).toBe(0);
      cpSync(helmSampleSuite as string, join(output, 'runs', 'mixed'), { recursive: true });
      const result = await runCli(['summarize', '--suite', 'mixed', '-o', output], { cwd });
      expect(result.stderr).toBe('');
      expect(result.exitCode).toBe(0);
      const leaderboard = JSON.parse(
        readFileSync(join(output, 'summaries', 'mixed', 'leaderboard.json'), 'utf8'),
      ) as LeaderboardJson;
      const [helmRun] = runDirectories(join(output, 'runs', 'mixed')).filter(
        (entry) => !existsSync(join(entry.path, 'medhelm_run.json')),
      );
      const ours = runDirectories(join(output, 'runs', 'mixed')).find((entry) =>
        existsSync(join(entry.path, 'medhelm_run.json')),
      );
      const helm = leaderboard.models.find((model) => model.model === 'openai/gpt-4o-2024-05-13');
      const helmScore = helm?.scores.pubmed_qa;
      expect(helmScore?.value).toBe(helmRun?.mean('exact_match'));
      expect(helmScore?.instances).toBe(helmRun?.instancesWith('exact_match'));
      // HELM runs have no cost ledger: tokens from the per-instance stats, dollars unknown.
      const perInstance =
        helmRun?.json<Array<{ stats: Array<StatRecord & { sum: number }> }>>('per_instance_stats.json') ?? [];
      const sumOf = (name: string) =>
        perInstance
          .flatMap((entry) => entry.stats)
          .filter((stat) => stat.name.name === name)
          .reduce((sum, stat) => sum + stat.sum, 0);
      expect(helm?.cost.candidate.prompt_tokens).toBe(sumOf('num_prompt_tokens'));
      expect(helm?.cost.candidate.completion_tokens).toBe(sumOf('num_completion_tokens'));
      expect(helm?.cost.candidate.usd).toBeNull();
      // One benchmark, two models: the higher PubMedQA score wins outright.
      const helmValue = helmRun?.mean('exact_match') ?? 0;
      const ourValue = ours?.mean('exact_match') ?? 0;
      expect(helmValue).not.toBe(ourValue);
      expect(helm?.mean_win_rate).toBe(helmValue > ourValue ? 1 : 0);
      expect(leaderboard.models.find((model) => model.model === 'baseline/first-option')?.mean_win_rate).toBe(
        helmValue > ourValue ? 0 : 1,
      );
    });
  },
);

describe('medhelm summarize on a jury benchmark', () => {
  it('reports the jury’s invalid replies, agreement, tokens and dollars as the run recorded them', {
    timeout: 180_000,
  }, async () => {
    // gpt scores 4, claude 2, llama always answers malformed JSON: one invalid reply per instance.
    const server = await startMockModelServer({
      wires: ['openai'],
      reply: () => 'HISTORY OF PRESENT ILLNESS: stable.',
      jury: {
        byModel: { 'judge-llama': 'malformed-json' },
        score: (call) => (call.model === 'judge-gpt' ? 4 : 2),
      },
    });
    try {
      const cwd = mkdtempSync(join(tmpdir(), 'medhelm-summarize-jury-'));
      writeJuryModelsFile(cwd, server.baseUrl);
      const output = join(cwd, 'out');
      const run = await runCli(
        [
          'run',
          '--models-file',
          'models.yaml',
          '--benchmarks',
          'aci_bench',
          '--models',
          'candidate',
          '--judges',
          'gpt=judge-gpt,llama=judge-llama,claude=judge-claude',
          '--sample',
          '--max-eval-instances',
          '4',
          '--suite',
          'jury',
          '-o',
          output,
          // A third of the replies are invalid: accepted here, to summarize them.
          '--max-invalid-judge-replies',
          '0.5',
        ],
        { cwd },
      );
      expect(run.exitCode).toBe(0);
      const result = await runCli(['summarize', '--suite', 'jury', '-o', output], { cwd });
      expect(result.exitCode).toBe(0);
      const leaderboard = JSON.parse(
        readFileSync(join(output, 'summaries', 'jury', 'leaderboard.json'), 'utf8'),
      ) as LeaderboardJson & {
        models: Array<{
          scores: Record<string, Score & { jury: { invalid_replies: number; agreement: number } }>;
          cost: {
            jury: { prompt_tokens: number; completion_tokens: number; usd: number; invalid_replies: number };
          };
        }>;
      };
      const [runDirectory] = runDirectories(join(output, 'runs', 'jury'));
      const report = runDirectory?.json<{
        cost: { judgeUsd: number; judgeUsage: { promptTokens: number; completionTokens: number } };
      }>('medhelm_run.json');
      const [model] = leaderboard.models;
      const score = model?.scores.aci_bench;
      // HELM's jury score: the mean over the valid judges' criteria, (4 + 2) / 2 = 3 on every instance.
      expect(score?.metric).toBe('aci_bench_accuracy');
      expect(score?.value).toBe(runDirectory?.mean('aci_bench_accuracy'));
      expect(score?.value).toBe(3);
      // Four instances, one dropped llama reply each.
      expect(score?.jury.invalid_replies).toBe(4);
      expect(model?.cost.jury.invalid_replies).toBe(4);
      expect(score?.jury.agreement).toBeTypeOf('number');
      expect(score?.jury.agreement).toBe(runDirectory?.mean('aci_bench_accuracy_krippendorff_alpha'));
      expect(model?.cost.jury.prompt_tokens).toBe(report?.cost.judgeUsage.promptTokens);
      expect(model?.cost.jury.completion_tokens).toBe(report?.cost.judgeUsage.completionTokens);
      expect(model?.cost.jury.usd).toBeCloseTo(report?.cost.judgeUsd ?? Number.NaN, 12);
      expect(model?.cost.jury.usd).toBeGreaterThan(0);
    } finally {
      await server.close();
    }
  });
});

describe('medhelm summarize and compare on runs of invented data and invalid judge replies', () => {
  // Run directories written by hand, as medhelm run writes them: medhelm_run.json records the data
  // (`data`) and the jury's replies (`jury_replies`).
  const cwd = mkdtempSync(join(tmpdir(), 'medhelm-summarize-caveats-'));
  const suite = join(cwd, 'out', 'runs', 'caveats');
  const writeRun = (model: string, value: number, report: Record<string, unknown>) => {
    const name = `medication_qa:model=${model.replace('/', '_')}`;
    const stat = {
      name: { name: 'medication_qa_accuracy', split: 'test' },
      count: 1,
      sum: value,
      mean: value,
    };
    const files: Record<string, unknown> = {
      'run_spec.json': { name, adapter_spec: { model }, groups: ['medication_qa'] },
      'stats.json': [stat],
      'per_instance_stats.json': [{ instance_id: 'id0', train_trial_index: 0, stats: [stat] }],
      'medhelm_run.json': { benchmark: 'medication_qa', ...report },
    };
    for (const [file, json] of Object.entries(files)) {
      mkdirSync(join(suite, name), { recursive: true });
      writeFileSync(join(suite, name, file), JSON.stringify(json));
    }
  };
  writeRun('openai/gpt-4o', 0.8, {
    data: { source: 'sample', invented: true },
    jury_replies: { total: 15, invalid: 3, limit: 0.1, judges: {} },
  });
  writeRun('org/other', 0.6, { data: { source: 'download', invented: false }, jury_replies: null });

  it('marks the headline and names the cell with its counts under the table', async () => {
    const result = await runCli(['summarize', '--suite', 'caveats', '-o', 'out'], { cwd });
    expect(result.stderr).toBe('');
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toMatch(/medication_qa .* openai\/gpt-4o .* 0\.800†!/);
    expect(result.stdout).toMatch(/medication_qa .* org\/other .* 0\.600 /);
    expect(result.stdout).toContain(
      "† medication_qa / openai/gpt-4o: invented sample data; the score says nothing about the model's real performance\n",
    );
    expect(result.stdout).toContain(
      '! medication_qa / openai/gpt-4o: 3 of 15 judge replies invalid (20%); HELM scores such instances 1.0\n',
    );
    expect(result.stdout).not.toContain('org/other: ');
  });

  it('marks the means compare prints the same way', async () => {
    const result = await runCli(
      ['compare', '--suite', 'caveats', '-o', 'out', 'openai/gpt-4o', 'org/other'],
      {
        cwd,
      },
    );
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toMatch(
      /^medication_qa\s+medication_qa_accuracy \(test\)\s+1\s+0\.800†!\s+0\.600\s/m,
    );
    expect(result.stdout).toContain('! medication_qa / openai/gpt-4o: 3 of 15 judge replies invalid (20%)');
  });
});
