import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { startMockModelServer } from '@medhelm/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from './run-cli.ts';

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

// The SYNTHETIC MEDS folder the EHRSHOT package bundles (its data/LICENSE-DATA.md).
const require = createRequire(import.meta.url);
const synthetic = join(
  dirname(require.resolve('@medhelm/benchmark-ehrshot/package.json')),
  'data',
  'synthetic',
);

const RUN_NAMES = ['guo_readmission', 'new_hypertension', 'lab_anemia'].map(
  (subject) =>
    `ehrshot:subject=${subject},model=baseline_first-option,model_deployment=baseline_first-option`,
);

function stat(directory: string, name: string): { count: number; mean: number } | undefined {
  const stats = JSON.parse(readFileSync(join(directory, 'stats.json'), 'utf8')) as Array<{
    name: { name: string; split: string; perturbation?: unknown };
    count: number;
    mean: number;
  }>;
  return stats.find(
    (entry) => entry.name.name === name && entry.name.split === 'test' && !entry.name.perturbation,
  );
}

describe('medhelm run --benchmarks ehrshot', () => {
  it("runs the leaderboard's three subjects on the bundled synthetic data with baseline:first-option", async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'medhelm-ehrshot-'));
    const result = await runCli(
      ['run', '--benchmarks', 'ehrshot', '--models', 'baseline:first-option', '--sample', '--suite', 's'],
      { cwd },
    );
    expect(result.stderr).not.toContain('error');
    expect(result.exitCode).toBe(0);
    const suite = join(cwd, 'benchmark_output', 'runs', 's');
    expect(
      readdirSync(suite)
        .filter((name) => name.startsWith('ehrshot:'))
        .sort(),
    ).toEqual([...RUN_NAMES].sort());
    const counts = RUN_NAMES.map((name) => stat(join(suite, name), 'num_instances')?.mean);
    expect(counts).toEqual([4, 3, 6]);
    // first-option always answers A (yes). guo_readmission's file rows are yes, no, yes, no (HELM: 2/4),
    // while the labels its prompts were built from are no, no, yes, yes (corrected: 2/4 as well).
    const guo = join(suite, RUN_NAMES[0] as string);
    expect(stat(guo, 'exact_match')?.mean).toBe(0.5);
    expect(stat(guo, 'exact_match_corrected')?.mean).toBe(0.5);
    // Our corrected references never reach HELM's files.
    expect(readFileSync(join(guo, 'scenario_state.json'), 'utf8')).not.toContain('orrected');
    const runSpec = JSON.parse(readFileSync(join(guo, 'run_spec.json'), 'utf8'));
    expect(runSpec.scenario_spec).toEqual({
      class_name: 'helm.benchmark.scenarios.ehrshot_scenario.EHRSHOTScenario',
      args: { subject: 'guo_readmission', max_length: 100000 },
    });
  });

  it('runs against a local openai-compatible deployment (the mock server), sending HELM prompts', async () => {
    const server = await startMockModelServer({ wires: ['openai'], reply: () => 'B' });
    closers.push(() => server.close());
    const cwd = mkdtempSync(join(tmpdir(), 'medhelm-ehrshot-'));
    writeFileSync(
      join(cwd, 'models.yaml'),
      [
        'deployments:',
        '  mine:',
        '    provider: openai-compatible',
        '    model: my-model',
        `    baseUrl: ${server.baseUrl}`,
        '    local: true',
      ].join('\n'),
    );
    const result = await runCli(
      [
        'run',
        '--models-file',
        'models.yaml',
        '--models',
        'mine',
        '--benchmarks',
        'ehrshot',
        '--data-dir',
        synthetic,
        '--suite',
        'local',
      ],
      { cwd },
    );
    expect(result.stderr).not.toContain('error');
    expect(result.exitCode).toBe(0);
    // 13 instances; two lab_anemia prompts repeat others (timelines of only MEDS_BIRTH) and come from the cache.
    expect(server.requestCount).toBe(11);
    const prompt = server.requests[0]?.call?.prompt ?? '';
    expect(
      prompt.startsWith('Answer A for yes, B for no.\n\n: \n# Instructions\nYou are an expert hospitalist'),
    ).toBe(true);
    expect(server.requests[0]?.call?.maxTokens).toBe(1);
    const suite = join(cwd, 'benchmark_output', 'runs', 'local');
    const runName = readdirSync(suite).find((name) => name.startsWith('ehrshot:subject=guo_readmission,'));
    // Always "no": HELM's file-order labels give 2/4; the prompts' own labels (no, no, yes, yes) 2/4.
    expect(stat(join(suite, runName ?? ''), 'exact_match')?.mean).toBe(0.5);
    expect(stat(join(suite, runName ?? ''), 'exact_match_corrected')?.mean).toBe(0.5);
  });

  it('names a missing labels file and how to obtain EHRSHOT before any model call', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'medhelm-ehrshot-'));
    const result = await runCli(
      ['run', '--run-entries', `ehrshot:subject=guo_los,model=baseline:first-option,data_path=${synthetic}`],
      { cwd },
    );
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain(
      `Data missing, so no run was started: ehrshot: labels/guo_los/labels.parquet (in ${synthetic})`,
    );
    expect(result.stderr).toContain('Redivis');
  });

  it('names the argument and the accepted subjects for a wrong run entry', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'medhelm-ehrshot-'));
    const result = await runCli(
      ['run', '--run-entries', 'ehrshot:subject=anemia,model=baseline:first-option', '--sample'],
      { cwd },
    );
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('ehrshot argument "subject"');
    expect(result.stderr).toContain('"lab_anemia"');
  });
});
