import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startMockModelServer } from '@medhelm/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from './run-cli.ts';

// mimiciv_billing_code (gated MIMIC-IV data) run end to end on the plugin's bundled synthetic
// fixture (an LZ4-compressed Feather file, as pandas writes it): 6 notes whose references HELM reads
// as {J18.9, R50.9}, {I48.91, I10}, {} (empty target), {F32, Z79.899}, {} ("None"), {E11.9, Z79.4}.
const INSTANCES = 6;

interface StatRecord {
  name: { name: string; split?: string };
  mean?: number;
}
interface PerInstanceStats {
  instance_id: string;
  stats: StatRecord[];
}

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

function runDirectory(cwd: string, suite: string): string {
  const suiteDirectory = join(cwd, 'benchmark_output', 'runs', suite);
  const run = readdirSync(suiteDirectory, { withFileTypes: true }).find((entry) => entry.isDirectory());
  return join(suiteDirectory, run?.name ?? '');
}

function testMean(cwd: string, suite: string, name: string): number | undefined {
  const records = JSON.parse(
    readFileSync(join(runDirectory(cwd, suite), 'stats.json'), 'utf8'),
  ) as StatRecord[];
  return records.find((record) => record.name.name === name && record.name.split === 'test')?.mean;
}

/** The instances that got a stat, in order. */
function instancesWith(cwd: string, suite: string, name: string): string[] {
  const perInstance = JSON.parse(
    readFileSync(join(runDirectory(cwd, suite), 'per_instance_stats.json'), 'utf8'),
  ) as PerInstanceStats[];
  return perInstance
    .filter((entry) => entry.stats.some((stat) => stat.name.name === name))
    .map((entry) => entry.instance_id);
}

const run = (model: string, suite: string, extra: string[] = []) => [
  'run',
  '--benchmarks',
  'mimiciv_billing_code',
  '--models',
  model,
  '--sample',
  '--suite',
  suite,
  ...extra,
];

describe('medhelm run mimiciv_billing_code on the bundled synthetic fixture', () => {
  it('completes with the baseline model: no HELM F1 where HELM would raise, the corrected F1 everywhere', {
    timeout: 120_000,
  }, async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'medhelm-mimiciv-'));
    const result = await runCli(run('baseline:first-option', 'baseline'), { cwd });
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toMatch(
      /mimiciv_billing_code\s+baseline\/first-option\s+6\/6\s+mimiciv_billing_code_f1/,
    );
    expect(testMean(cwd, 'baseline', 'num_instances')).toBe(INSTANCES);
    // The baseline answers "": no code. Where the reference has none either (id2, id4) HELM's
    // scikit-learn call raises, so those instances have no HELM stat; the others score 0.
    expect(instancesWith(cwd, 'baseline', 'mimiciv_billing_code_f1')).toEqual(['id0', 'id1', 'id3', 'id5']);
    expect(testMean(cwd, 'baseline', 'mimiciv_billing_code_f1')).toBe(0);
    // Corrected: no code expected and none given is right (1) on id2 and id4, 0 elsewhere.
    expect(instancesWith(cwd, 'baseline', 'mimiciv_billing_code_f1_corrected')).toHaveLength(INSTANCES);
    expect(testMean(cwd, 'baseline', 'mimiciv_billing_code_f1_corrected')).toBeCloseTo(2 / 6, 12);
  });

  it('completes against a local openai-compatible deployment and reports both F1s', {
    timeout: 120_000,
  }, async () => {
    const server = await startMockModelServer({ wires: ['openai'], reply: () => '**I10**, E11.9, F32' });
    closers.push(() => server.close());
    const cwd = mkdtempSync(join(tmpdir(), 'medhelm-mimiciv-'));
    writeFileSync(
      join(cwd, 'models.yaml'),
      `deployments:\n  mine:\n    provider: openai-compatible\n    model: coder\n    baseUrl: ${server.baseUrl}\n    local: true\n`,
    );
    const result = await runCli(run('mine', 'local', ['--models-file', 'models.yaml']), { cwd });
    expect(result.stderr).not.toContain('error');
    expect(result.exitCode).toBe(0);
    expect(server.requestCount).toBe(INSTANCES);
    const first = server.requests[0]?.body as { messages?: Array<{ content: string }> };
    expect(JSON.stringify(first)).toContain(
      'Given the following clinical note, identify all relevant ICD-10 codes.',
    );
    expect(JSON.stringify(first)).toContain('Predicted ICD-10 Codes:');
    // Predicted {I10, E11.9, F32}. HELM: id1 and id5 share one code (P 1/3, R 1/2, F1 0.4), and so
    // does id3, whose F32.A HELM reads as F32; the rest 0: mean 1.2 / 6. Corrected: F32 is not
    // F32A, so id3 scores 0: mean 0.8 / 6.
    expect(instancesWith(cwd, 'local', 'mimiciv_billing_code_f1')).toHaveLength(INSTANCES);
    expect(testMean(cwd, 'local', 'mimiciv_billing_code_f1')).toBeCloseTo(1.2 / 6, 12);
    expect(testMean(cwd, 'local', 'mimiciv_billing_code_f1_corrected')).toBeCloseTo(0.8 / 6, 12);
    const report = JSON.parse(readFileSync(join(runDirectory(cwd, 'local'), 'medhelm_run.json'), 'utf8')) as {
      headline?: { name?: string; value?: number; corrected?: { name?: string; value?: number } };
    };
    expect(report.headline?.corrected?.name).toBe('mimiciv_billing_code_f1_corrected');
    const runSpec = JSON.parse(readFileSync(join(runDirectory(cwd, 'local'), 'run_spec.json'), 'utf8')) as {
      metric_specs: Array<{ class_name: string }>;
    };
    expect(runSpec.metric_specs.map((spec) => spec.class_name)).toEqual([
      'helm.benchmark.metrics.mimiciv_billing_code_metrics.MIMICIVBillingCodeMetric',
      'helm.benchmark.metrics.basic_metrics.InstancesPerSplitMetric',
    ]);
  });
});
