import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findFidelityDirectory, startMockModelServer } from '@medhelm/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { writeJuryModelsFile, writeModelsFile } from './jury-models-file.ts';
import { runCli } from './run-cli.ts';

interface StatRecord {
  name: { name: string; split?: string; sub_split?: string; perturbation?: unknown };
  count: number;
  sum: number;
  mean?: number;
}
interface PerInstanceRecord {
  instance_id: string;
  train_trial_index: number;
  stats: StatRecord[];
}

// A run HELM itself wrote, bundled in the repository (@medhelm/fidelity-vectors), so this runs on a fresh clone.
const fidelityDirectory = findFidelityDirectory(['reference/helm-sample-run']);
const HELM_SAMPLE_RUN =
  'pubmed_qa:model=openai_gpt-4o-2024-05-13,model_deployment=stanfordhealthcare_gpt-4o-2024-05-13';

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

function readJson<T>(path: string): T {
  return JSON.parse(readFileSync(path, 'utf8')) as T;
}

/** The only run directory of a suite. */
function onlyRun(output: string, suite: string): string {
  const folder = join(output, 'runs', suite);
  const runs = readdirSync(folder, { withFileTypes: true }).filter((entry) => entry.isDirectory());
  expect(runs).toHaveLength(1);
  return join(folder, runs[0]?.name ?? '');
}

/** Every per-instance stat, keyed by instance, metric name and occurrence (HELM repeats keys per metric). */
function perInstanceStats(runDirectory: string): Map<string, StatRecord> {
  const byKey = new Map<string, StatRecord>();
  for (const element of readJson<PerInstanceRecord[]>(join(runDirectory, 'per_instance_stats.json'))) {
    for (const stat of element.stats) {
      let key = JSON.stringify([element.instance_id, element.train_trial_index, stat.name]);
      while (byKey.has(key)) key += '+';
      byKey.set(key, stat);
    }
  }
  return byKey;
}

function meanOf(runDirectory: string, name: string): number | undefined {
  return readJson<StatRecord[]>(join(runDirectory, 'stats.json')).find(
    (stat) => stat.name.name === name && stat.name.split === 'test' && stat.name.perturbation === undefined,
  )?.mean;
}

function sha256Of(path: string): string {
  return createHash('sha256').update(readFileSync(path)).digest('hex');
}

describe.skipIf(fidelityDirectory === undefined)(
  'medhelm rescore on a run HELM wrote (no model key or URL)',
  () => {
    it('reproduces every per-instance stat HELM stored, and the rescored run is a normal run', {
      timeout: 120_000,
    }, async () => {
      const source = join(fidelityDirectory ?? '', 'reference', 'helm-sample-run', HELM_SAMPLE_RUN);
      const cwd = mkdtempSync(join(tmpdir(), 'medhelm-rescore-helm-'));
      // No environment at all: no key, no base URL.
      const result = await runCli(['rescore', source, '--suite', 'rescored', '-o', 'out'], { cwd, env: {} });
      expect(result.stderr).not.toContain('error');
      expect(result.exitCode).toBe(0);
      const rescored = join(cwd, 'out', 'runs', 'rescored', HELM_SAMPLE_RUN);

      const helm = perInstanceStats(source);
      const ours = perInstanceStats(rescored);
      expect(helm.size).toBeGreaterThan(0);
      for (const [key, stat] of helm) expect({ key, stat: ours.get(key) }).toEqual({ key, stat });
      // Nothing beyond HELM's own stats either: pubmed_qa has no corrected metric.
      expect([...ours.keys()].filter((key) => !helm.has(key))).toEqual([]);

      const spec = readJson<{ name: string; adapter_spec: unknown }>(join(rescored, 'run_spec.json'));
      expect(spec.name).toBe(HELM_SAMPLE_RUN);
      expect(spec.adapter_spec).toEqual(
        readJson<{ adapter_spec: unknown }>(join(source, 'run_spec.json')).adapter_spec,
      );

      const report = readJson<{
        counts: { completed: number; fromModel: number };
        cost: { candidateUsd: number; judgeUsd: number; jury: string };
        data: { source: string; invented: boolean | null };
        provenance: { rescored_from: Record<string, unknown> };
      }>(join(rescored, 'medhelm_run.json'));
      expect(report.counts.completed).toBe(3);
      expect(report.cost).toMatchObject({ candidateUsd: 0, judgeUsd: 0, jury: 'none' });
      expect(report.data.source).toBe('stored-run');
      // HELM reads the upstream data (it bundles no invented samples): not marked as invented or unknown.
      expect(report.data.invented).toBe(false);
      expect(report.provenance.rescored_from).toEqual({
        directory: source,
        run_name: HELM_SAMPLE_RUN,
        written_by: 'helm',
        scenario_state_sha256: sha256Of(join(source, 'scenario_state.json')),
        jury: 'none',
      });

      const verified = await runCli(['verify', rescored], { cwd, env: {} });
      expect(verified.stdout + verified.stderr).not.toContain('FAIL');
      expect(verified.exitCode).toBe(0);
      const summarized = await runCli(['summarize', '--suite', 'rescored', '-o', 'out'], { cwd, env: {} });
      expect(summarized.exitCode).toBe(0);
      expect(summarized.stdout).toContain('pubmed_qa');
    });

    it('refuses a HELM run of a scenario no installed benchmark reproduces, naming its directory and class', {
      timeout: 60_000,
    }, async () => {
      const cwd = mkdtempSync(join(tmpdir(), 'medhelm-rescore-unknown-'));
      const copy = join(cwd, 'unknown_scenario:model=openai_gpt-4o-2024-05-13');
      cpSync(join(fidelityDirectory ?? '', 'reference', 'helm-sample-run', HELM_SAMPLE_RUN), copy, {
        recursive: true,
      });
      const specPath = join(copy, 'run_spec.json');
      const spec = readJson<{ name: string; scenario_spec: { class_name: string } }>(specPath);
      spec.name = 'unknown_scenario:model=openai_gpt-4o-2024-05-13';
      spec.scenario_spec.class_name = 'helm.benchmark.scenarios.unknown_scenario.UnknownScenario';
      writeFileSync(specPath, JSON.stringify(spec));
      const result = await runCli(['rescore', copy, '--suite', 'rescored', '-o', 'out'], { cwd, env: {} });
      expect(result.exitCode).toBe(2);
      expect(result.stderr).toContain(
        `${copy}: no installed benchmark reproduces HELM's scenario class helm.benchmark.scenarios.unknown_scenario.UnknownScenario`,
      );
    });
  },
);

describe('medhelm rescore on our own runs', () => {
  it('rescoring a run of ours gives its own stats, calling no model', { timeout: 120_000 }, async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'medhelm-rescore-ours-'));
    const ran = await runCli(
      [
        'run',
        '--benchmarks',
        'pubmed_qa',
        '--models',
        'baseline:first-option',
        '--sample',
        '--suite',
        'orig',
      ],
      { cwd },
    );
    expect(ran.exitCode).toBe(0);
    const source = onlyRun(join(cwd, 'benchmark_output'), 'orig');
    const result = await runCli(['rescore', join('benchmark_output', 'runs', 'orig'), '--suite', 'again'], {
      cwd,
      env: {},
    });
    expect(result.exitCode).toBe(0);
    const rescored = onlyRun(join(cwd, 'benchmark_output'), 'again');
    for (const file of ['per_instance_stats.json', 'stats.json', 'run_spec.json']) {
      expect({ file, value: readJson(join(rescored, file)) }).toEqual({
        file,
        value: readJson(join(source, file)),
      });
    }
    expect(
      readJson<{ provenance: { rescored_from: { written_by: string } } }>(join(rescored, 'medhelm_run.json'))
        .provenance.rescored_from.written_by,
    ).toBe('medhelm');
  });

  it('refuses to rescore a run into its own directory', { timeout: 120_000 }, async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'medhelm-rescore-self-'));
    const ran = await runCli(
      [
        'run',
        '--benchmarks',
        'pubmed_qa',
        '--models',
        'baseline:first-option',
        '--sample',
        '--max-eval-instances',
        '2',
        '--suite',
        'orig',
      ],
      { cwd },
    );
    expect(ran.exitCode).toBe(0);
    const result = await runCli(['rescore', join('benchmark_output', 'runs', 'orig'), '--suite', 'orig'], {
      cwd,
    });
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('would overwrite it');
  });
});

describe('medhelm rescore --judges: a new jury on stored answers', () => {
  it('makes exactly three judge calls per request state, no candidate call, and compare shows old jury vs new', {
    timeout: 180_000,
  }, async () => {
    // The first jury gives every criterion 4, the new one 2.
    const oldJury = await startMockModelServer({
      wires: ['openai'],
      reply: () => 'Take it with food, twice a day.',
      jury: { score: () => 4 },
    });
    const newJury = await startMockModelServer({
      wires: ['openai'],
      reply: () => 'not a candidate server',
      jury: { score: () => 2 },
    });
    closers.push(
      () => oldJury.close(),
      () => newJury.close(),
    );
    const cwd = mkdtempSync(join(tmpdir(), 'medhelm-rescore-jury-'));
    writeJuryModelsFile(cwd, oldJury.baseUrl);
    const judges = 'gpt=judge-gpt,llama=judge-llama,claude=judge-claude';
    const ran = await runCli(
      [
        'run',
        '--models-file',
        'models.yaml',
        '--benchmarks',
        'medication_qa',
        '--models',
        'candidate',
        '--judges',
        judges,
        '--sample',
        '--max-eval-instances',
        '4',
        '--suite',
        'orig',
      ],
      { cwd },
    );
    expect(ran.exitCode).toBe(0);
    const source = onlyRun(join(cwd, 'benchmark_output'), 'orig');
    const states = readJson<{ request_states: unknown[] }>(join(source, 'scenario_state.json')).request_states
      .length;
    expect(states).toBe(4);
    expect(meanOf(source, 'medication_qa_accuracy')).toBe(4);

    // Without --judges: the stored verdicts scored again, no call at all.
    const before = oldJury.requestCount;
    const stored = await runCli(['rescore', source, '--suite', 'stored'], { cwd, env: {} });
    expect(stored.exitCode).toBe(0);
    expect(oldJury.requestCount).toBe(before);
    const storedRun = onlyRun(join(cwd, 'benchmark_output'), 'stored');
    expect(readJson(join(storedRun, 'stats.json'))).toEqual(readJson(join(source, 'stats.json')));

    // With the new jury: three judge calls per request state, none to a candidate.
    writeJuryModelsFile(cwd, newJury.baseUrl);
    const rejudged = await runCli(
      ['rescore', source, '--suite', 'rejudged', '--models-file', 'models.yaml', '--judges', judges],
      { cwd, env: {} },
    );
    expect(rejudged.stderr).not.toContain('error');
    expect(rejudged.exitCode).toBe(0);
    const calls = newJury.requests.map((request) => (request.body as { model?: string }).model);
    expect(calls.filter((model) => model === 'candidate')).toEqual([]);
    for (const judge of ['judge-gpt', 'judge-llama', 'judge-claude']) {
      expect({ judge, calls: calls.filter((model) => model === judge).length }).toEqual({
        judge,
        calls: states,
      });
    }
    expect(calls).toHaveLength(3 * states);
    const rejudgedRun = onlyRun(join(cwd, 'benchmark_output'), 'rejudged');
    expect(meanOf(rejudgedRun, 'medication_qa_accuracy')).toBe(2);
    expect(meanOf(rejudgedRun, 'medication_qa_accuracy_judge_gpt')).toBe(2);
    const report = readJson<{
      cost: {
        candidateUsd: number;
        judgeUsd: number;
        jury: string;
        judgeUsage: { promptTokens: number; completionTokens: number };
      };
      provenance: { rescored_from: { jury: string }; jury: Array<{ name: string; deployment: string }> };
    }>(join(rejudgedRun, 'medhelm_run.json'));
    expect(report.cost.jury).toBe('ran');
    expect(report.cost.candidateUsd).toBe(0);
    const { promptTokens, completionTokens } = report.cost.judgeUsage;
    expect(report.cost.judgeUsd).toBeCloseTo((promptTokens * 1 + completionTokens * 2) / 1e6, 12);
    expect(report.provenance.rescored_from.jury).toBe('rejudged');
    expect(report.provenance.jury.map((judge) => judge.deployment)).toEqual([
      'openai-compatible/judge-gpt',
      'openai-compatible/judge-llama',
      'openai-compatible/judge-claude',
    ]);
    const verified = await runCli(['verify', rejudgedRun], { cwd, env: {} });
    expect(verified.exitCode).toBe(0);

    // Old jury against new, per benchmark, on the same instances.
    const model = readJson<{ adapter_spec: { model: string } }>(join(source, 'run_spec.json')).adapter_spec
      .model;
    const compared = await runCli(
      ['compare', '--suite', 'orig', '--suite-b', 'rejudged', model, model, '--json'],
      {
        cwd,
        env: {},
      },
    );
    expect(compared.exitCode).toBe(0);
    const comparison = JSON.parse(compared.stdout) as {
      suite_b: string;
      benchmarks: Array<{ benchmark: string; paired_instances: number; mean_a: number; mean_b: number }>;
    };
    expect(comparison.suite_b).toBe('rejudged');
    expect(comparison.benchmarks).toEqual([
      expect.objectContaining({ benchmark: 'medication_qa', paired_instances: states, mean_a: 4, mean_b: 2 }),
    ]);
  });
});

describe('medhelm rescore --judges --batch', () => {
  it("re-judges stored answers through the judges' batch APIs: one batch per judge, no synchronous call, at the batch price", {
    timeout: 180_000,
  }, async () => {
    const server = await startMockModelServer({
      wires: ['openai'],
      reply: () => 'Take it with food, twice a day.',
      jury: { score: () => 3 },
      batch: {},
    });
    closers.push(() => server.close());
    const cwd = mkdtempSync(join(tmpdir(), 'medhelm-rescore-batch-'));
    writeJuryModelsFile(cwd, server.baseUrl);
    const judges = 'gpt=judge-gpt,llama=judge-llama,claude=judge-claude';
    const orig = await runCli(
      [
        'run',
        '--models-file',
        'models.yaml',
        '--benchmarks',
        'medication_qa',
        '--models',
        'candidate',
        '--judges',
        judges,
        '--sample',
        '--max-eval-instances',
        '3',
        '--suite',
        'orig',
      ],
      { cwd },
    );
    expect(orig.exitCode).toBe(0);
    const source = onlyRun(join(cwd, 'benchmark_output'), 'orig');

    // The same three judges, now OpenAI deployments with a batch rate (on the same mock).
    writeModelsFile(
      cwd,
      ['judge-gpt', 'judge-llama', 'judge-claude'].map((id) => ({
        id,
        baseUrl: server.baseUrl,
        provider: 'openai',
      })),
      'batch-judges.yaml',
    );
    const syncCalls = server.syncCallCount;
    const rejudged = await runCli(
      [
        'rescore',
        source,
        '--suite',
        'rejudged-batch',
        '--models-file',
        'batch-judges.yaml',
        '--judges',
        judges,
        '--batch',
        '--batch-poll',
        '0.05',
      ],
      { cwd, env: { OPENAI_API_KEY: 'test-key' } },
    );
    expect(rejudged.stderr).not.toContain('error');
    expect(rejudged.exitCode).toBe(0);
    expect(server.syncCallCount).toBe(syncCalls);
    expect(server.batches.map((batch) => batch.lineCount)).toEqual([3, 3, 3]);
    const report = readJson<{
      cost: { judgeUsd: number; judgeUsage: { promptTokens: number; completionTokens: number } };
    }>(join(onlyRun(join(cwd, 'benchmark_output'), 'rejudged-batch'), 'medhelm_run.json'));
    const { promptTokens, completionTokens } = report.cost.judgeUsage;
    expect(report.cost.judgeUsd).toBeCloseTo((promptTokens * 1 + completionTokens * 2) / 2e6, 12);
  });
});
