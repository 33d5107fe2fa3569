import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { startMockModelServer } from '@medhelm/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from './run-cli.ts';

// The two gated benchmarks on their bundled SYNTHETIC fixtures: 5 admissions of which HELM keeps 3
// (6 DischargeMe instances), 6 MIMIC-IV-BHC lines of which 3 have a note and a summary.
const DISCHARGEME_INSTANCES = 6;
const MIMIC_BHC_INSTANCES = 3;

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

const packageDirectory = (name: string) =>
  dirname(createRequire(import.meta.url).resolve(`@medhelm/${name}/package.json`));

interface StatRecord {
  name: { name: string; split?: string };
  mean?: number;
}

/** stats.json of the suite's run whose name starts with `benchmark`. */
function stats(cwd: string, suite: string, benchmark: string): StatRecord[] {
  const directory = join(cwd, 'benchmark_output', 'runs', suite);
  const run = readdirSync(directory).find((name) => name.startsWith(`${benchmark}:`));
  expect(run, `${benchmark} run in ${directory}`).toBeDefined();
  return JSON.parse(readFileSync(join(directory, run ?? '', 'stats.json'), 'utf8')) as StatRecord[];
}

function testStat(records: StatRecord[], name: string): StatRecord | undefined {
  return records.find((record) => record.name.name === name && record.name.split === 'test');
}

/** A models file: a candidate and three judges served on this machine (the mock server). */
function writeLocalModels(cwd: string, baseUrl: string, { candidateLocal = true } = {}): void {
  const deployment = (name: string, local: boolean) =>
    `  ${name}:\n    provider: openai-compatible\n    model: ${name}\n    baseUrl: ${baseUrl}\n${local ? '    local: true\n' : ''}`;
  writeFileSync(
    join(cwd, 'models.yaml'),
    `deployments:\n${deployment('candidate', candidateLocal)}${['judge-gpt', 'judge-llama', 'judge-claude'].map((name) => deployment(name, true)).join('')}`,
  );
}

const JUDGES = ['--judges', 'gpt=judge-gpt,llama=judge-llama,claude=judge-claude'];

describe('dischargeme and mimic_bhc runs on the synthetic fixtures', () => {
  it('complete with the baseline model (in-process: gated data may go to it), the jury skipped', {
    timeout: 120_000,
  }, async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'medhelm-gated-baseline-'));
    const result = await runCli(
      [
        'run',
        '--benchmarks',
        'dischargeme,mimic_bhc',
        '--models',
        'baseline:first-option',
        '--sample',
        '--suite',
        'base',
      ],
      { cwd },
    );
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/dischargeme\s+baseline\/first-option\s+6\/6\s+dischargeme_accuracy/);
    expect(result.stdout).toMatch(/mimic_bhc\s+baseline\/first-option\s+3\/3\s+mimic_bhc_accuracy/);
    expect(result.stderr).toContain('the LLM jury was skipped because no judges are configured');
    expect(testStat(stats(cwd, 'base', 'dischargeme'), 'num_instances')?.mean).toBe(DISCHARGEME_INSTANCES);
    expect(testStat(stats(cwd, 'base', 'mimic_bhc'), 'num_instances')?.mean).toBe(MIMIC_BHC_INSTANCES);
  });

  it('complete against a local openai-compatible server, judged by local judges', {
    timeout: 120_000,
  }, async () => {
    const server = await startMockModelServer({
      wires: ['openai'],
      reply: () => 'Brief hospital course: admitted, treated, discharged home.',
      jury: { score: (call) => (call.model === 'judge-gpt' ? 5 : 3) },
    });
    closers.push(() => server.close());
    const cwd = mkdtempSync(join(tmpdir(), 'medhelm-gated-local-'));
    writeLocalModels(cwd, server.baseUrl);
    const result = await runCli(
      [
        'run',
        '--models-file',
        'models.yaml',
        '--benchmarks',
        'dischargeme,mimic_bhc',
        '--models',
        'candidate',
        ...JUDGES,
        '--sample',
        '--suite',
        'local',
      ],
      { cwd },
    );
    expect(result.exitCode, result.stderr).toBe(0);
    const calls = server.requests.map((request) => (request.body as { model?: string }).model);
    const instances = DISCHARGEME_INSTANCES + MIMIC_BHC_INSTANCES;
    expect(calls.filter((model) => model === 'candidate')).toHaveLength(instances);
    for (const judge of ['judge-gpt', 'judge-llama', 'judge-claude']) {
      expect(calls.filter((model) => model === judge)).toHaveLength(instances);
    }
    // HELM's LLMJuryMetric: the mean over every judge x criterion, (5 + 3 + 3) / 3 on each instance.
    expect(testStat(stats(cwd, 'local', 'dischargeme'), 'dischargeme_accuracy')?.mean).toBeCloseTo(
      11 / 3,
      12,
    );
    expect(testStat(stats(cwd, 'local', 'mimic_bhc'), 'mimic_bhc_accuracy')?.mean).toBeCloseTo(11 / 3, 12);
    expect(testStat(stats(cwd, 'local', 'mimic_bhc'), 'rouge_l')?.mean).toBeTypeOf('number');
  });

  it('refuse a deployment not marked local or trusted before any request', async () => {
    const server = await startMockModelServer({ wires: ['openai'] });
    closers.push(() => server.close());
    const cwd = mkdtempSync(join(tmpdir(), 'medhelm-gated-hosted-'));
    writeLocalModels(cwd, server.baseUrl, { candidateLocal: false });
    for (const benchmark of ['dischargeme', 'mimic_bhc']) {
      const result = await runCli(
        [
          'run',
          '--models-file',
          'models.yaml',
          '--benchmarks',
          benchmark,
          '--models',
          'candidate',
          '--sample',
        ],
        { cwd },
      );
      expect(result.exitCode).toBe(2);
      expect(result.stderr).toContain(`${benchmark} holds gated data`);
    }
    expect(server.requestCount).toBe(0);
  });

  it("read a data_path as HELM's run entries give it, and run a MIMIC-IV-BHC file with blank lines, warning", {
    timeout: 120_000,
  }, async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'medhelm-gated-data-path-'));
    // DischargeMe: data_path is the physionet.org folder (files/discharge-me/1.3/test_phase_1/...).
    const physionet = join(cwd, 'physionet.org');
    cpSync(join(packageDirectory('benchmark-dischargeme'), 'data', 'files'), join(physionet, 'files'), {
      recursive: true,
    });
    // MIMIC-IV-BHC: the folder holding mimic_iv_bhc.json, here with blank lines HELM cannot read.
    const bhc = join(cwd, 'bhc-mimiciv');
    mkdirSync(bhc);
    const lines = readFileSync(
      join(packageDirectory('benchmark-mimic-bhc'), 'data', 'mimic_iv_bhc.json'),
      'utf8',
    )
      .trimEnd()
      .split('\n');
    writeFileSync(join(bhc, 'mimic_iv_bhc.json'), `${lines.join('\n\n')}\n\n`);
    const result = await runCli(
      [
        'run',
        '--run-entries',
        `dischargeme:model_deployment=baseline/first-option,data_path=${physionet}`,
        '--run-entries',
        `mimic_bhc:model_deployment=baseline/first-option,data_path=${bhc}`,
        '--suite',
        'paths',
      ],
      { cwd },
    );
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stderr).toContain("HELM's MIMICBHCScenario stops on them with a JSONDecodeError");
    expect(testStat(stats(cwd, 'paths', 'dischargeme'), 'num_instances')?.mean).toBe(DISCHARGEME_INSTANCES);
    expect(testStat(stats(cwd, 'paths', 'mimic_bhc'), 'num_instances')?.mean).toBe(MIMIC_BHC_INSTANCES);
  });
});
