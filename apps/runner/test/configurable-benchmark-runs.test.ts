import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { startMockModelServer } from '@medhelm/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from './run-cli.ts';
import { RunOutput } from './run-output.ts';

// The user-defined benchmark (@medhelm/benchmark-medhelm-configurable) end to end: its README's
// example as written, a jury of the YAML's own judges on a local server, and the YAML mistakes
// that stop a run before any request.

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

const packageDirectory = dirname(
  createRequire(import.meta.url).resolve('@medhelm/benchmark-medhelm-configurable/package.json'),
);
const readme = readFileSync(join(packageDirectory, 'README.md'), 'utf8');

/** The README's code blocks that carry a title, by title. */
function readmeFiles(): Map<string, string> {
  const blocks = new Map<string, string>();
  for (const match of readme.matchAll(/```\w+ title="([^"]+)"\n([\s\S]*?)```/g)) {
    blocks.set(match[1] as string, match[2] as string);
  }
  return blocks;
}

/** The README's example command, as `medhelm` arguments. */
function readmeCommand(): string[] {
  const line = readme
    .split('\n')
    .find((candidate) => candidate.startsWith('npx medhelm run --benchmark-config'));
  if (line === undefined) throw new Error('the README has no example command');
  return line.slice('npx medhelm '.length).split(' ');
}

function folderWith(files: Readonly<Record<string, string>>): string {
  const folder = mkdtempSync(join(tmpdir(), 'medhelm-configurable-run-'));
  for (const [name, content] of Object.entries(files)) writeFileSync(join(folder, name), content);
  return folder;
}

const JUDGE_PROMPT = `Grade the answer. Reply in JSON.
Question: {QUESTION}
Answer: {RESPONSE}
Gold: {GOLD_RESPONSE}
<rubric_criteria>
{"faithfulness": {"score": 0, "explanation": "Why."}, "clarity": {"score": 0, "explanation": "Why."}}
</rubric_criteria>
`;

/** A jury benchmark of two rows, judged by `judge-a` and `judge-b`, its files in a new folder. */
function juryBenchmark(): string {
  return folderWith({
    'notes.yaml': [
      'name: NOTE-SUMMARIES',
      'description: SYNTHETIC notes to summarize.',
      'prompt_file: prompt.txt',
      'dataset_file: notes.csv',
      'max_tokens: 64',
      'metrics:',
      '  - name: jury_score',
      '    prompt_file: judge.txt',
      '    judges:',
      '      - {name: judge-a, model_name: acme/judge-a}',
      '      - {name: judge-b, model_name: acme/judge-b}',
      '  - name: rouge_l',
    ].join('\n'),
    'prompt.txt': 'Summarize this SYNTHETIC note: {note}\n',
    'judge.txt': JUDGE_PROMPT,
    'notes.csv':
      'note,correct_answer\nFever for two days.,Two days of fever.\nCough since Monday.,A cough.\n',
  });
}

/** A models file: the candidate (local unless told) and two local judges, on the mock server. */
function writeModelsFile(cwd: string, baseUrl: string, { candidateLocal = true } = {}): void {
  const deployment = (name: string, local: boolean) =>
    `  ${name}:\n    provider: openai-compatible\n    model: ${name}\n    baseUrl: ${baseUrl}\n${local ? '    local: true\n' : ''}`;
  writeFileSync(
    join(cwd, 'models.yaml'),
    `deployments:\n${deployment('candidate', candidateLocal)}${deployment('judge-a', true)}${deployment('judge-b', true)}`,
  );
}

/** `medhelm run` of the jury benchmark on the models file's candidate, with `extra` arguments. */
function runLocal(cwd: string, extra: readonly string[]) {
  return runCli(
    [
      'run',
      '--benchmark-config',
      'notes.yaml',
      '--models-file',
      'models.yaml',
      '--models',
      'candidate',
      ...extra,
    ],
    { cwd },
  );
}

describe('the README example of a user-defined benchmark', () => {
  it('runs as written, from the files the README shows, and prints the README’s results', {
    timeout: 120_000,
  }, async () => {
    const files = readmeFiles();
    const names = [
      'medication-questions.csv',
      'medication-questions-prompt.txt',
      'medication-questions.yaml',
    ];
    // The README shows the package's own example, byte for byte.
    for (const name of names) {
      expect(files.get(name), name).toBe(
        readFileSync(join(packageDirectory, 'data', 'example', name), 'utf8'),
      );
    }
    const cwd = folderWith(Object.fromEntries(names.map((name) => [name, files.get(name) as string])));
    const result = await runCli(readmeCommand(), { cwd });
    expect(result.exitCode, result.stderr).toBe(0);
    const table = (text: string) =>
      text.split('\n').filter((line) => /^(benchmark|-{5}|MED-INTERACTIONS-EXAMPLE)/.test(line));
    expect(table(result.stdout)).toEqual(table(files.get('output') ?? ''));
    const output = new RunOutput(cwd, 'my-benchmark');
    expect(output.runNames()).toEqual([
      'MED-INTERACTIONS-EXAMPLE:model=baseline_first-option,model_deployment=baseline_first-option',
    ]);
    expect(output.testMean('MED-INTERACTIONS-EXAMPLE', 'exact_match')).toBe(0.6);
    // Read from the config; a copy of the package's example CSV holds its invented rows.
    expect(output.json('MED-INTERACTIONS-EXAMPLE', 'medhelm_run.json')).toMatchObject({
      data: { source: 'user-config', invented: true },
    });
    expect(result.stdout).toContain('† invented data: MED-INTERACTIONS-EXAMPLE ran on rows invented');
    expect(output.json('MED-INTERACTIONS-EXAMPLE', 'run_spec.json')).toMatchObject({
      name: 'MED-INTERACTIONS-EXAMPLE:model=baseline_first-option,model_deployment=baseline_first-option',
      scenario_spec: {
        class_name: 'helm.benchmark.scenarios.medhelm_configurable_scenario.MedHELMConfigurableScenario',
        args: { name: 'MED-INTERACTIONS-EXAMPLE', config_path: 'medication-questions.yaml' },
      },
      adapter_spec: { method: 'generation', max_tokens: 1 },
      groups: ['MED-INTERACTIONS-EXAMPLE'],
    });
  });
});

describe('a user-defined benchmark judged by the jury its YAML names', () => {
  it('runs with the baseline (in process) and skips the jury without judges, saying so', {
    timeout: 120_000,
  }, async () => {
    const cwd = juryBenchmark();
    const result = await runCli(
      [
        'run',
        '--run-entries',
        'medhelm_configurable_benchmark:config_path=notes.yaml,model=baseline:first-option',
        '--suite',
        's',
      ],
      { cwd },
    );
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stderr).toContain('the LLM jury was skipped because no judges are configured');
    expect(result.stderr).toContain('--judges judge-a=<model>,judge-b=<model>');
    const output = new RunOutput(cwd, 's');
    expect(output.testMean('NOTE-SUMMARIES', 'num_instances')).toBe(2);
    expect(output.testStat('NOTE-SUMMARIES', 'jury_score')).toBeUndefined();
    expect(output.testMean('NOTE-SUMMARIES', 'rouge_l')).toBe(0);
  });

  it('runs against a local OpenAI-compatible deployment, judged by the local judges of those names', {
    timeout: 120_000,
  }, async () => {
    // judge-a scores every criterion 5, judge-b 2: HELM's mean is 3.5.
    const server = await startMockModelServer({
      wires: ['openai'],
      reply: () => 'Two days of fever.',
      jury: { criteria: ['faithfulness', 'clarity'], score: (call) => (call.model === 'judge-a' ? 5 : 2) },
    });
    closers.push(() => server.close());
    const cwd = juryBenchmark();
    writeModelsFile(cwd, server.baseUrl);
    const result = await runLocal(cwd, ['--judges', 'judge-b=judge-b,judge-a=judge-a', '--suite', 'local']);
    expect(result.exitCode, result.stderr).toBe(0);
    const calls = server.requests.map((request) => (request.body as { model?: string }).model);
    expect(calls.filter((model) => model === 'candidate')).toHaveLength(2);
    expect(calls.filter((model) => model === 'judge-a')).toHaveLength(2);
    expect(calls.filter((model) => model === 'judge-b')).toHaveLength(2);
    const judgePrompt = server.requests.find(
      (request) => (request.body as { model?: string }).model === 'judge-a',
    );
    expect(JSON.stringify(judgePrompt?.body)).toContain(
      'Question: Summarize this SYNTHETIC note: Fever for two days.\\n\\nAnswer: Two days of fever.\\nGold: Two days of fever.',
    );
    const output = new RunOutput(cwd, 'local');
    expect(output.testMean('NOTE-SUMMARIES', 'jury_score')).toBe(3.5);
    expect(output.testMean('NOTE-SUMMARIES', 'jury_score_judge_judge-a')).toBe(5);
    // The first answer is the gold one; the second shares no word with "A cough.".
    expect(output.testMean('NOTE-SUMMARIES', 'rouge_l')).toBe(0.5);
    const runSpec = output.json<{
      annotators: Array<{ class_name: string; args: { annotator_models: object } }>;
    }>('NOTE-SUMMARIES', 'run_spec.json');
    expect(runSpec.annotators[0]?.class_name).toBe(
      'helm.benchmark.annotation.model_as_judge.LLMAsJuryAnnotator',
    );
    expect(Object.keys(runSpec.annotators[0]?.args.annotator_models ?? {})).toEqual(['judge-a', 'judge-b']);
  });

  it('refuses, before any request, a run whose judges lack one the YAML names', async () => {
    const server = await startMockModelServer({ wires: ['openai'] });
    closers.push(() => server.close());
    const cwd = juryBenchmark();
    writeModelsFile(cwd, server.baseUrl);
    const result = await runLocal(cwd, ['--judges', 'judge-a=judge-a']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('the run has no judge named "judge-b"');
    expect(server.requestCount).toBe(0);
  });

  it('sends nothing of its private data to a deployment not marked local or trusted', async () => {
    const server = await startMockModelServer({ wires: ['openai'] });
    closers.push(() => server.close());
    const cwd = juryBenchmark();
    writeModelsFile(cwd, server.baseUrl, { candidateLocal: false });
    const result = await runLocal(cwd, []);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('NOTE-SUMMARIES holds private data');
    expect(server.requestCount).toBe(0);
  });
});

describe('a user-defined benchmark with a mistake stops before any request, exit code 2, naming it', {
  timeout: 120_000,
}, () => {
  const files = {
    'bench.yaml':
      'name: B\ndescription: d\nprompt_file: prompt.txt\ndataset_file: data.csv\nmetrics:\n  - name: exact_match\n',
    'prompt.txt': 'Q: {question}\n',
    'data.csv': 'question,correct_answer\nIs it?,Yes\n',
  };
  const run = (cwd: string) =>
    runCli(['run', '--benchmark-config', 'bench.yaml', '--models', 'baseline:first-option'], { cwd });

  it('an unknown metric', async () => {
    const result = await run(
      folderWith({ ...files, 'bench.yaml': files['bench.yaml'].replace('exact_match', 'f1_score') }),
    );
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('bench.yaml: metrics[0].name: unknown metric "f1_score"');
  });

  it('a missing file', async () => {
    const { 'data.csv': _, ...withoutData } = files;
    const result = await run(folderWith(withoutData));
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('bench.yaml: dataset_file: there is no file data.csv');
  });

  it('a placeholder absent from the CSV', async () => {
    const result = await run(folderWith({ ...files, 'prompt.txt': 'Q: {question}\nWard: {ward}\n' }));
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain(
      'uses {ward} (line 2), but the CSV has no such column (its columns: question, correct_answer)',
    );
    expect(existsRunDirectory(result.stdout)).toBe(false);
  });

  it('but not a row HELM would crash on: the run reports it, with its line, and completes', async () => {
    const cwd = folderWith({
      ...files,
      'data.csv': 'question,correct_answer,incorrect_answers\nIs it?,Yes,"[""No""]"\nIs it not?,No,\n',
    });
    const result = await runCli(
      ['run', '--benchmark-config', 'bench.yaml', '--models', 'baseline:first-option', '--suite', 'rows'],
      { cwd },
    );
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stderr).toContain(
      `${join(cwd, 'data.csv')}, line 3: incorrect_answers is empty, not a JSON list, on which HELM's scenario would crash; this row is evaluated without incorrect answers.`,
    );
    const output = new RunOutput(cwd, 'rows');
    expect(output.testMean('B', 'num_instances')).toBe(2);
    expect(output.instancesWith('B', 'exact_match')).toEqual(['id0', 'id1']);
  });

  it('a missing benchmark config', async () => {
    const result = await run(folderWith({}));
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('config_path=bench.yaml: there is no benchmark config at');
  });
});

function existsRunDirectory(stdout: string): boolean {
  return stdout.includes('Run directories:');
}
