import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startMockModelServer } from '@medhelm/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from './run-cli.ts';

// medalign and n2c2_ct_matching are gated: their runs read the plugins' synthetic fixtures
// (--sample) or a data folder, and send prompts only to deployments marked local or trusted.

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

interface StatRecord {
  name: { name: string; split?: string };
  count: number;
  mean?: number;
}

function temporaryDirectory(): string {
  return mkdtempSync(join(tmpdir(), 'medhelm-gated-'));
}

function runNames(cwd: string, suite: string): string[] {
  return readdirSync(join(cwd, 'benchmark_output', 'runs', suite), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

/** A file of the suite's run whose name starts with `run` and the model (`<run>,model_deployment=...`). */
function runFile<T>(cwd: string, suite: string, run: string, file: string): T {
  const name = runNames(cwd, suite).find((candidate) => candidate.startsWith(`${run},`)) ?? run;
  return JSON.parse(readFileSync(join(cwd, 'benchmark_output', 'runs', suite, name, file), 'utf8')) as T;
}

/** The prompts a run sent, in HELM's order. */
function prompts(cwd: string, suite: string, run: string): string[] {
  const state = runFile<{ request_states: { request: { prompt: string } }[] }>(
    cwd,
    suite,
    run,
    'scenario_state.json',
  );
  return state.request_states.map((requestState) => requestState.request.prompt);
}

function testMean(records: StatRecord[], name: string): number | undefined {
  return records.find((record) => record.name.name === name && record.name.split === 'test')?.mean;
}

/** A models file: the candidate and three judges, all on the mock server and marked local. */
function writeLocalModels(cwd: string, baseUrl: string): void {
  const deployment = (id: string) =>
    `  ${id}:\n    provider: openai-compatible\n    model: ${id}\n    baseUrl: ${baseUrl}\n    local: true\n`;
  writeFileSync(
    join(cwd, 'models.yaml'),
    `deployments:\n${['mine', 'judge-gpt', 'judge-llama', 'judge-claude'].map(deployment).join('')}`,
  );
}

const N2C2_RUNS = ['ABDOMINAL', 'ADVANCED-CAD', 'CREATININE'].map(
  (subject) => `n2c2_ct_matching:subject=${subject},model=baseline_first-option`,
);

describe('medalign and n2c2_ct_matching on their synthetic fixtures', () => {
  it('run with the baseline model; n2c2_ct_matching alone runs its three leaderboard criteria', {
    timeout: 120_000,
  }, async () => {
    const cwd = temporaryDirectory();
    const result = await runCli(
      [
        'run',
        '--benchmarks',
        'medalign,n2c2_ct_matching',
        '--models',
        'baseline:first-option',
        '--sample',
        '--suite',
        'baseline',
      ],
      { cwd },
    );
    expect(result.exitCode).toBe(0);
    expect(runNames(cwd, 'baseline')).toEqual(
      ['medalign:model=baseline_first-option', ...N2C2_RUNS].map(
        (run) => `${run},model_deployment=baseline_first-option`,
      ),
    );

    const medalign = runFile<{ request_states: unknown[] }>(
      cwd,
      'baseline',
      'medalign:model=baseline_first-option',
      'scenario_state.json',
    );
    expect(medalign.request_states).toHaveLength(3);
    const runSpec = runFile<{ name: string; scenario_spec: { args: unknown } }>(
      cwd,
      'baseline',
      'medalign:model=baseline_first-option',
      'run_spec.json',
    );
    expect(runSpec.scenario_spec.args).toEqual({ max_length: 100000 });
    for (const run of N2C2_RUNS) {
      const stats = runFile<StatRecord[]>(cwd, 'baseline', run, 'stats.json');
      expect(testMean(stats, 'num_instances'), run).toBe(4);
      expect(testMean(stats, 'exact_match'), run).toBeDefined();
    }
  });

  it('run against an OpenAI-compatible deployment marked local, judges included', {
    timeout: 120_000,
  }, async () => {
    const server = await startMockModelServer({
      wires: ['openai'],
      reply: () => 'A',
      jury: { score: () => 4 },
    });
    closers.push(() => server.close());
    const cwd = temporaryDirectory();
    writeLocalModels(cwd, server.baseUrl);
    const result = await runCli(
      [
        'run',
        '--models-file',
        'models.yaml',
        '--benchmarks',
        'medalign,n2c2_ct_matching',
        '--models',
        'mine',
        '--judges',
        'gpt=judge-gpt,llama=judge-llama,claude=judge-claude',
        '--sample',
        '--suite',
        'local',
      ],
      { cwd },
    );
    expect(result.stderr).not.toContain('error');
    expect(result.exitCode).toBe(0);
    const calls = server.requests.map((request) => (request.body as { model?: string }).model);
    // medalign: 3 instructions, each judged by the three judges; n2c2: 4 patients x 3 criteria.
    expect(calls.filter((model) => model === 'mine')).toHaveLength(3 + 12);
    for (const judge of ['judge-gpt', 'judge-llama', 'judge-claude']) {
      expect(calls.filter((model) => model === judge)).toHaveLength(3);
    }
    const medalign = runFile<StatRecord[]>(
      cwd,
      'local',
      'medalign:model=openai-compatible_mine',
      'stats.json',
    );
    expect(testMean(medalign, 'medalign_accuracy')).toBe(4);
    // Answering "A" (yes) is right for the patients meeting the criterion: ABDOMINAL 1 of 4
    // (2.xml), ADVANCED-CAD 1 of 4 (10.xml), CREATININE 2 of 4 (2.xml, 300.xml).
    const exactMatch = (subject: string) =>
      testMean(
        runFile<StatRecord[]>(
          cwd,
          'local',
          `n2c2_ct_matching:subject=${subject},model=openai-compatible_mine`,
          'stats.json',
        ),
        'exact_match',
      );
    expect([exactMatch('ABDOMINAL'), exactMatch('ADVANCED-CAD'), exactMatch('CREATININE')]).toEqual([
      0.25, 0.25, 0.5,
    ]);
  });

  it('take max_length= and subject= from run entries', { timeout: 120_000 }, async () => {
    const cwd = temporaryDirectory();
    const result = await runCli(
      [
        'run',
        '--run-entries',
        'medalign:max_length=270,model=baseline:first-option',
        '--run-entries',
        'n2c2_ct_matching:subject=ENGLISH,model=baseline:first-option',
        '--sample',
        '--suite',
        'entries',
      ],
      { cwd },
    );
    expect(result.exitCode).toBe(0);
    // 270 tokens leave no room for an EHR after the 256 of the answer and the template.
    const medalign = prompts(cwd, 'entries', 'medalign:model=baseline_first-option');
    expect(medalign).toHaveLength(3);
    expect(medalign.every((prompt) => prompt.includes('\n\nEHR: \n\nQuestion: '))).toBe(true);
    const n2c2 = prompts(cwd, 'entries', 'n2c2_ct_matching:subject=ENGLISH,model=baseline_first-option');
    expect(n2c2).toHaveLength(4);
    expect(n2c2.every((prompt) => prompt.includes('inclusion criterion "ENGLISH"?'))).toBe(true);
  });
});

describe('medalign and n2c2_ct_matching: bad input, before any request', () => {
  it('names the missing data folder and how to obtain it', async () => {
    const server = await startMockModelServer({ wires: ['openai'] });
    closers.push(() => server.close());
    const cwd = temporaryDirectory();
    writeLocalModels(cwd, server.baseUrl);
    const empty = temporaryDirectory();
    const result = await runCli(
      [
        'run',
        '--models-file',
        'models.yaml',
        '--benchmarks',
        'n2c2_ct_matching,medalign',
        '--models',
        'mine',
        '--data-dir',
        empty,
      ],
      { cwd },
    );
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain(
      `Data missing, so no run was started: n2c2_ct_matching: test/ (in ${empty}); n2c2_ct_matching: test/ (in ${empty}); n2c2_ct_matching: test/ (in ${empty}); medalign: clinician-reviewed-model-responses.tsv (in ${empty}); medalign: clinician-instruction-responses.tsv (in ${empty}); medalign: medalign_ehr_xml/ (in ${empty}).`,
    );
    expect(result.stderr).toContain('n2c2 data use agreement');
    expect(server.requestCount).toBe(0);
  });

  it('refuses an unknown criterion, a bad max_length and an unknown argument, listing what is accepted', async () => {
    const cwd = temporaryDirectory();
    const run = (entry: string) => runCli(['run', '--run-entries', entry, '--sample'], { cwd });

    const subject = await run('n2c2_ct_matching:subject=OBESITY,model=baseline:first-option');
    expect(subject.exitCode).toBe(2);
    expect(subject.stderr).toContain('n2c2_ct_matching argument "subject"');
    expect(subject.stderr).toContain('"ABDOMINAL"|"ADVANCED-CAD"|"ALCOHOL-ABUSE"');

    const missing = await run('n2c2_ct_matching:model=baseline:first-option');
    expect(missing.exitCode).toBe(2);
    expect(missing.stderr).toContain('n2c2_ct_matching argument "subject"');

    const length = await run('medalign:max_length=lots,model=baseline:first-option');
    expect(length.exitCode).toBe(2);
    expect(length.stderr).toContain(
      'medalign argument "max_length": expected a positive whole number of cl100k tokens, e.g. 100000',
    );

    const unknown = await run('medalign:maxlength=5,model=baseline:first-option');
    expect(unknown.exitCode).toBe(2);
    expect(unknown.stderr).toContain('medalign unknown argument "maxlength"');
    expect(unknown.stderr).toContain('medalign takes max_length');
  });
});
