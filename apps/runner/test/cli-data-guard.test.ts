import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startMockModelServer } from '@medhelm/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from './run-cli.ts';

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

// A gated benchmark as a third party writes it (plain ESM, loaded from a run config): its data file
// cannot be downloaded, only obtained under a data use agreement.
const GATED_PLUGIN = `
import { readFileSync } from 'node:fs';
const file = { name: 'notes.jsonl' };
const benchmark = {
  specificationVersion: 'v1', id: 'gated_fixture', displayName: 'Gated fixture', description: 'test',
  category: 'Clinical Decision Support', subcategory: 'test', access: 'gated', license: 'DUA',
  dataset: {
    specificationVersion: 'v1', access: 'gated', license: 'DUA', upstream: { url: 'https://example.org/dua' },
    files: [file], obtain: 'the Example DUA, https://example.org/dua',
    async *load(context) {
      const path = await context.resolveFile(file);
      for (const line of readFileSync(path, 'utf8').split('\\n').filter(Boolean)) {
        const row = JSON.parse(line);
        yield { input: { text: row.note }, references: [{ output: { text: row.answer }, tags: ['correct'] }], split: 'test' };
      }
    },
  },
  prompt: {
    specificationVersion: 'v1',
    adapterSpec: { method: 'generation', global_prefix: '', global_suffix: '', instructions: '', input_prefix: '', input_suffix: '', reference_prefix: 'A. ', reference_suffix: '\\n', chain_of_thought_prefix: '', chain_of_thought_suffix: '\\n', output_prefix: '', output_suffix: '', instance_prefix: '\\n', substitutions: [], max_train_instances: 0, num_outputs: 1, num_train_trials: 1, num_trials: 1, sample_train: true, model_deployment: '', model: '', temperature: 0, max_tokens: 5, stop_sequences: [], multi_label: false },
    render: (instance) => ({ request: { prompt: instance.input.text, temperature: 0, maxTokens: 5, stopSequences: [], numCompletions: 1, topKPerToken: 1, topP: 1, presencePenalty: 0, frequencyPenalty: 0 }, numTrainInstances: 0, promptTruncated: false }),
  },
  normalizers: [],
  scorers: [{ specificationVersion: 'v1', id: 'exact', statNames: ['exact_match'], score: ({ completion, instance }) => ({ exact_match: completion.trim() === instance.references[0].output.text ? 1 : 0 }) }],
  mainMetric: { name: 'exact_match', split: 'test' },
  helm: { scenarioClassName: 'x.GatedFixture', scenarioArgs: {}, scenarioName: 'gated_fixture', scenarioDescription: 'test', tags: [], definitionPath: 'https://example.org', groups: ['gated_fixture'] },
};
export const plugin = { specificationVersion: 'v1', name: 'gated-fixture', kind: 'benchmark', register: (context) => context.registerBenchmark(benchmark) };
`;

const NOTES = [
  'Patient reports chest pain radiating to the left arm since this morning.',
  'Follow-up for type 2 diabetes, HbA1c 7.9 percent.',
];

function project(baseUrl: string): { cwd: string; data: string } {
  const cwd = mkdtempSync(join(tmpdir(), 'medhelm-guard-'));
  writeFileSync(join(cwd, 'gated.mjs'), GATED_PLUGIN);
  writeFileSync(join(cwd, 'medhelm.config.json'), JSON.stringify({ plugins: ['./gated.mjs'] }));
  writeFileSync(
    join(cwd, 'models.yaml'),
    [
      'deployments:',
      '  hosted:',
      '    provider: openai-compatible',
      '    model: hosted-model',
      `    baseUrl: ${baseUrl}`,
      '  mine:',
      '    provider: openai-compatible',
      '    model: my-model',
      `    baseUrl: ${baseUrl}`,
      '    local: true',
    ].join('\n'),
  );
  const data = join(cwd, 'data');
  mkdirSync(data);
  writeFileSync(
    join(data, 'notes.jsonl'),
    NOTES.map((note) => JSON.stringify({ note, answer: 'A' })).join('\n'),
  );
  return { cwd, data };
}

const run = (model: string, data: string, extra: string[] = []) => [
  'run',
  '--config',
  'medhelm.config.json',
  '--models-file',
  'models.yaml',
  '--benchmarks',
  'gated_fixture',
  '--models',
  model,
  '--data-dir',
  data,
  ...extra,
];

describe('the data-tier guard', () => {
  it('refuses gated data for a deployment not marked local or trusted, before any request', async () => {
    const server = await startMockModelServer({ wires: ['openai'] });
    closers.push(() => server.close());
    const { cwd, data } = project(server.baseUrl);
    const refused = await runCli(run('hosted', data), { cwd });
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toContain(
      'gated_fixture holds gated data, and the model (openai-compatible/hosted-model) is not marked as allowed to receive it. Nothing was sent.',
    );
    expect(refused.stderr).toContain('local: true');
    expect(refused.stderr).toContain('--allow-external-data');
    expect(server.requestCount).toBe(0);

    const local = await runCli(run('mine', data), { cwd });
    expect(local.exitCode).toBe(0);
    expect(server.requestCount).toBe(NOTES.length);

    const allowed = await runCli(run('hosted', data, ['--allow-external-data']), { cwd });
    expect(allowed.exitCode).toBe(0);
    expect(server.requestCount).toBe(2 * NOTES.length);

    // An in-process model sends nothing anywhere.
    const baseline = await runCli(run('baseline:first-option', data), { cwd });
    expect(baseline.exitCode).toBe(0);
  });

  it('names the files a run needs, and how to obtain them, before any request when they are missing', async () => {
    const server = await startMockModelServer({ wires: ['openai'] });
    closers.push(() => server.close());
    const { cwd } = project(server.baseUrl);
    const empty = mkdtempSync(join(tmpdir(), 'medhelm-guard-empty-'));
    const missing = await runCli(run('mine', empty), { cwd });
    expect(missing.exitCode).toBe(2);
    expect(missing.stderr).toContain(
      `Data missing, so no run was started: gated_fixture: notes.jsonl (in ${empty})`,
    );
    expect(missing.stderr).toContain('the Example DUA, https://example.org/dua');
    // Without any data folder the file cannot be downloaded: the same answer.
    const download = await runCli(
      run('mine', empty).filter((arg) => arg !== '--data-dir' && arg !== empty),
      { cwd },
    );
    expect(download.exitCode).toBe(2);
    expect(download.stderr).toContain('gated_fixture: notes.jsonl');
    expect(server.requestCount).toBe(0);
  });
});

describe('redaction', () => {
  it('medhelm redact and run --redact keep every stat and no input, prompt or completion text', async () => {
    const server = await startMockModelServer({
      wires: ['openai'],
      reply: () => 'A likely myocardial infarction',
    });
    closers.push(() => server.close());
    const { cwd, data } = project(server.baseUrl);
    expect((await runCli([...run('mine', data), '--suite', 'plain'], { cwd })).exitCode).toBe(0);
    const suite = join(cwd, 'benchmark_output', 'runs', 'plain');
    const runName = readdirSync(suite).find((name) => name.startsWith('gated_fixture:')) ?? '';
    const original = join(suite, runName);
    const copy = join(cwd, 'redacted');
    const redact = await runCli(['redact', suite, copy], { cwd });
    expect(redact.exitCode).toBe(0);
    expect(
      (await runCli([...run('mine', data), '--suite', 'redacted-run', '--redact'], { cwd })).exitCode,
    ).toBe(0);
    const inPlace = join(cwd, 'benchmark_output', 'runs', 'redacted-run', runName);

    const secrets = [...NOTES, 'myocardial infarction'];
    for (const directory of [join(copy, runName), inPlace]) {
      for (const file of readdirSync(directory)) {
        const text = readFileSync(join(directory, file), 'utf8');
        for (const secret of secrets) expect(text, `${directory}/${file}`).not.toContain(secret);
      }
      for (const file of ['stats.json', 'per_instance_stats.json', 'run_spec.json']) {
        expect(readFileSync(join(directory, file), 'utf8'), file).toBe(
          readFileSync(join(original, file), 'utf8'),
        );
      }
      const state = JSON.parse(readFileSync(join(directory, 'scenario_state.json'), 'utf8'));
      expect(state.request_states).toHaveLength(NOTES.length);
      expect(state.request_states[0].instance.input.text).toBe('[redacted]');
      expect(state.request_states[0].result.completions[0].text).toBe('[redacted]');
    }
    // The original keeps its text; redacting into the source is refused.
    expect(readFileSync(join(original, 'scenario_state.json'), 'utf8')).toContain(NOTES[0]);
    expect((await runCli(['redact', original, original], { cwd })).exitCode).toBe(2);
    expect(existsSync(join(original, 'stats.json'))).toBe(true);
  });
});
