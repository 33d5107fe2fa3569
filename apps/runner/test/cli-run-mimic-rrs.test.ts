import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startMockModelServer } from '@medhelm/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from './run-cli.ts';

// mimic_rrs (gated MIMIC-III data) run end to end on the plugin's bundled synthetic fixtures: 6 pairs.
const INSTANCES = 6;

interface StatRecord {
  name: { name: string; split?: string };
  mean?: number;
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

function testStat(cwd: string, suite: string, name: string): StatRecord | undefined {
  const records = JSON.parse(
    readFileSync(join(runDirectory(cwd, suite), 'stats.json'), 'utf8'),
  ) as StatRecord[];
  return records.find((record) => record.name.name === name && record.name.split === 'test');
}

/** A models file: the candidate and three judges on the mock server, all served locally. */
function writeModelsFile(cwd: string, baseUrl: string, judgesLocal: boolean): void {
  const deployment = (name: string, local: boolean) =>
    `  ${name}:\n    provider: openai-compatible\n    model: ${name}\n    baseUrl: ${baseUrl}\n${local ? '    local: true\n' : ''}`;
  writeFileSync(
    join(cwd, 'models.yaml'),
    `deployments:\n${deployment('mine', true)}${['judge-gpt', 'judge-llama', 'judge-claude']
      .map((name) => deployment(name, judgesLocal))
      .join('')}`,
  );
}

const run = (model: string, suite: string, extra: string[] = []) => [
  'run',
  '--benchmarks',
  'mimic_rrs',
  '--models',
  model,
  '--sample',
  '--suite',
  suite,
  ...extra,
];
const JUDGES = ['--judges', 'gpt=judge-gpt,llama=judge-llama,claude=judge-claude'];

describe('medhelm run mimic_rrs on the bundled synthetic fixtures', () => {
  it('completes with the baseline model (in process: gated data stays here), jury skipped', {
    timeout: 120_000,
  }, async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'medhelm-mimic-rrs-'));
    const result = await runCli(run('baseline:first-option', 'baseline'), { cwd });
    expect(result.exitCode).toBe(0);
    expect(result.stderr).toContain('the LLM jury was skipped because no judges are configured');
    expect(result.stdout).toMatch(/mimic_rrs\s+baseline\/first-option\s+6\/6\s+mimic_rrs_accuracy/);
    expect(testStat(cwd, 'baseline', 'num_instances')?.mean).toBe(INSTANCES);
    // The baseline answers "" to a generation prompt: ROUGE-L 0 on every instance.
    expect(testStat(cwd, 'baseline', 'rouge_l')?.mean).toBe(0);
    expect(testStat(cwd, 'baseline', 'mimic_rrs_accuracy')).toBeUndefined();
  });

  it('completes against a local openai-compatible deployment, judged by local judges', {
    timeout: 120_000,
  }, async () => {
    // gpt scores every criterion 5, llama 3, claude 1: HELM's LLMJuryMetric mean is 3.
    const server = await startMockModelServer({
      wires: ['openai'],
      reply: () => 'no acute cardiopulmonary process .',
      jury: { score: (call) => (call.model === 'judge-gpt' ? 5 : call.model === 'judge-llama' ? 3 : 1) },
    });
    closers.push(() => server.close());
    const cwd = mkdtempSync(join(tmpdir(), 'medhelm-mimic-rrs-'));
    writeModelsFile(cwd, server.baseUrl, true);
    const result = await runCli(run('mine', 'local', ['--models-file', 'models.yaml', ...JUDGES]), { cwd });
    expect(result.stderr).not.toContain('error');
    expect(result.exitCode).toBe(0);
    const calls = server.requests.map((request) => (request.body as { model?: string }).model);
    expect(calls.filter((model) => model === 'mine')).toHaveLength(INSTANCES);
    for (const judge of ['judge-gpt', 'judge-llama', 'judge-claude']) {
      expect(calls.filter((model) => model === judge)).toHaveLength(INSTANCES);
    }
    // The candidate got HELM's prompt for the first fixture pair.
    const first = server.requests.find((request) => (request.body as { model?: string }).model === 'mine');
    expect(JSON.stringify(first?.body)).toContain(
      'Be as concise as possible.\\n\\nFindings:\\nsynthetic fixture f01 . chest radiograph .',
    );
    expect(testStat(cwd, 'local', 'num_instances')?.mean).toBe(INSTANCES);
    expect(testStat(cwd, 'local', 'mimic_rrs_accuracy')?.mean).toBe(3);
    // "no acute cardiopulmonary process ." is the first pair's gold impression: ROUGE-L 1 there.
    expect(testStat(cwd, 'local', 'rouge_l')?.mean).toBeGreaterThan(1 / INSTANCES);
    const runSpec = JSON.parse(readFileSync(join(runDirectory(cwd, 'local'), 'run_spec.json'), 'utf8')) as {
      annotators: Array<{ class_name: string }>;
    };
    expect(runSpec.annotators.map((annotator) => annotator.class_name)).toEqual([
      'helm.benchmark.annotation.mimic_rrs_annotator.MIMICRRSAnnotator',
    ]);
  });

  it('sends nothing when a judge that would read the gated findings is not local', {
    timeout: 60_000,
  }, async () => {
    const server = await startMockModelServer({
      wires: ['openai'],
      reply: () => 'x',
      jury: { score: () => 3 },
    });
    closers.push(() => server.close());
    const cwd = mkdtempSync(join(tmpdir(), 'medhelm-mimic-rrs-'));
    writeModelsFile(cwd, server.baseUrl, false);
    const result = await runCli(run('mine', 'refused', ['--models-file', 'models.yaml', ...JUDGES]), { cwd });
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('mimic_rrs holds gated data, and judge gpt');
    expect(server.requestCount).toBe(0);
  });
});
