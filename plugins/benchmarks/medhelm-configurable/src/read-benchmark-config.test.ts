import { join } from 'node:path';
import { ConfigError } from '@medhelm/core';
import { describe, expect, it } from 'vitest';
import { benchmarkYaml, JUDGE_PROMPT, writeFiles } from '../test/write-benchmark.ts';
import { readBenchmarkConfig } from './read-benchmark-config.ts';

const CSV = 'question,correct_answer\nIs it?,Yes\n';

function failure(files: Record<string, string>, configPath = 'bench.yaml'): ConfigError {
  const folder = writeFiles(files);
  try {
    readBenchmarkConfig(configPath, (path) => join(folder, path));
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error('expected a ConfigError');
}

describe('readBenchmarkConfig', () => {
  it("reads HELM's fields, with max_tokens 1024 and access private by default", () => {
    const folder = writeFiles({
      'bench.yaml':
        'name: B\ndescription: d\nprompt_file: prompt.txt\ndataset_file: data.csv\nmetrics:\n  - name: rouge_l\n',
      'prompt.txt': 'Q: {question}\r\n',
      'data.csv': CSV,
    });
    const config = readBenchmarkConfig('bench.yaml', (path) => join(folder, path));
    expect(config).toMatchObject({
      file: join(folder, 'bench.yaml'),
      configPath: 'bench.yaml',
      name: 'B',
      maxTokens: 1024,
      access: 'private',
      // Python's text mode: \r\n is read as \n.
      promptTemplate: 'Q: {question}\n',
      metrics: [{ name: 'rouge_l' }],
      notes: [],
    });
    expect(config.promptFile).toEqual({
      written: 'prompt.txt',
      path: join(folder, 'prompt.txt'),
      resolvedAgainst: 'yaml-folder',
    });
  });

  it('reads a jury: its judges, its judge prompt and the criteria of its <rubric_criteria> block', () => {
    const folder = writeFiles({
      'bench.yaml': benchmarkYaml({
        metrics: [
          '  - name: jury_score',
          '    prompt_file: judge.txt',
          '    judges:',
          '      - name: openai/gpt-4o-2024-05-13',
          '        model_name: openai/gpt-4o-2024-05-13',
        ].join('\n'),
        extra: 'access: gated',
      }),
      'prompt.txt': '{question}',
      'judge.txt': JUDGE_PROMPT,
      'data.csv': CSV,
    });
    const config = readBenchmarkConfig('bench.yaml', (path) => join(folder, path));
    expect(config.access).toBe('gated');
    expect(config.metrics).toEqual([
      {
        name: 'jury_score',
        promptFile: { written: 'judge.txt', path: join(folder, 'judge.txt'), resolvedAgainst: 'yaml-folder' },
        promptTemplate: JUDGE_PROMPT,
        criteria: { correctness: ['score', 'explanation'], clarity: ['score', 'explanation'] },
        judges: [{ name: 'openai/gpt-4o-2024-05-13', modelName: 'openai/gpt-4o-2024-05-13' }],
      },
    ]);
  });

  it("finds a file HELM's way, in the working directory, when it is not next to the YAML, and says so", () => {
    const folder = writeFiles({
      'configs/bench.yaml': benchmarkYaml(),
      'prompt.txt': '{question}',
      'configs/prompt.txt': 'next to the YAML: {question}',
      'data.csv': CSV,
    });
    const config = readBenchmarkConfig('configs/bench.yaml', (path) => join(folder, path));
    expect(config.promptFile.resolvedAgainst).toBe('yaml-folder');
    expect(config.datasetFile).toEqual({
      written: 'data.csv',
      path: join(folder, 'data.csv'),
      resolvedAgainst: 'working-directory',
    });
    expect(config.notes).toEqual([
      `prompt_file prompt.txt of ${join(folder, 'configs/bench.yaml')}: read ${join(folder, 'configs/prompt.txt')} (next to the YAML); HELM, which resolves it in the working directory, would read ${join(folder, 'prompt.txt')}.`,
      `dataset_file data.csv of ${join(folder, 'configs/bench.yaml')}: no such file next to the YAML, so ${join(folder, 'data.csv')} was read (HELM's rule: relative to the working directory).`,
    ]);
  });

  it('names a file that is in neither place, and the paths it looked at', () => {
    const error = failure({ 'bench.yaml': benchmarkYaml(), 'prompt.txt': '{question}' });
    expect(error.message).toMatch(
      /bench\.yaml: dataset_file: there is no file data\.csv \(looked for .*data\.csv\)\./,
    );
  });

  it('names a missing config file', () => {
    expect(failure({}, 'nope.yaml').message).toMatch(
      /^config_path=nope\.yaml: there is no benchmark config at .*nope\.yaml\.$/,
    );
  });

  it('names an unknown metric and lists the known ones', () => {
    const error = failure({ 'bench.yaml': benchmarkYaml({ metrics: '  - name: f1_score' }) });
    expect(error.message).toContain(
      'metrics[0].name: unknown metric "f1_score"; the metrics are exact_match, rouge_1, rouge_2, rouge_l, jury_score.',
    );
  });

  it('refuses BERTScore, which needs a neural model, saying so', () => {
    const error = failure({ 'bench.yaml': benchmarkYaml({ metrics: '  - name: BERTScore-F' }) });
    expect(error.message).toContain('metrics[0].name: BERTScore-F needs a neural model');
  });

  it('names unknown and missing fields, a jury without judges, and YAML 1.1 values of the wrong type', () => {
    const error = failure({
      'bench.yaml': [
        'name: 007',
        'description: d',
        'prompt_file: p.txt',
        'max_token: 5',
        'metrics:',
        '  - name: jury_score',
        '    prompt_file: judge.txt',
        '  - name: exact_match',
        '    judges: []',
      ].join('\n'),
    });
    expect(error.message).toContain(
      'name: must be a string (quote it if YAML reads it as a number or a date)',
    );
    expect(error.message).toContain('dataset_file: missing');
    expect(error.message).toContain('metrics[0].judges: missing');
    expect(error.message).toContain('metrics[1]: unknown field "judges"');
    expect(error.message).toContain('unknown field "max_token"');
  });

  it('names a metric listed twice', () => {
    const error = failure({
      'bench.yaml': benchmarkYaml({ metrics: '  - name: exact_match\n  - name: exact_match' }),
    });
    expect(error.message).toContain('metrics: exact_match is listed twice.');
  });

  it('refuses YAML that does not parse in one line with its line and column, the excerpt left to the cause', () => {
    const error = failure({ 'bench.yaml': 'name: x\nfoo: [\n' });
    expect(error.message).toMatch(/bench\.yaml:\d+: not valid YAML at column \d+: \S.*[^:]$/);
    expect(error.message).not.toContain('\n');
    expect(error.hint).toContain('YAML 1.1');
    expect((error.cause as Error).message).toContain('^');
  });

  it("refuses a template Python's str.format rejects, or a placeholder no CSV column can fill, with its line", () => {
    const files = { 'bench.yaml': benchmarkYaml(), 'data.csv': CSV };
    expect(failure({ ...files, 'prompt.txt': 'line one\n{question} costs $5 }\n' }).message).toMatch(
      /prompt\.txt, line 2 \(prompt_file of .*\): Single '}' encountered in format string/,
    );
    expect(failure({ ...files, 'prompt.txt': 'Answer {0}' }).message).toContain(
      '{0} is a positional placeholder',
    );
    expect(failure({ ...files, 'prompt.txt': '{question:>10}' }).message).toContain(
      '{question:>10} uses a format spec',
    );
  });

  it('refuses a judge prompt without a <rubric_criteria> block, with a bad one, or with a stray $', () => {
    const jury = benchmarkYaml({
      metrics:
        '  - name: jury_score\n    prompt_file: judge.txt\n    judges:\n      - {name: judge-a, model_name: x/a}',
    });
    const files = { 'bench.yaml': jury, 'prompt.txt': '{question}', 'data.csv': CSV };
    expect(failure({ ...files, 'judge.txt': 'Rate {RESPONSE}.' }).message).toContain(
      'no <rubric_criteria>{...}</rubric_criteria> block found.',
    );
    expect(
      failure({ ...files, 'judge.txt': '<rubric_criteria>{"accuracy": "score"}</rubric_criteria>' }).message,
    ).toContain('criterion "accuracy" must be an object like {"score": 0, "explanation": "..."}');
    expect(failure({ ...files, 'judge.txt': JUDGE_PROMPT.replace('$$', '$') }).message).toContain(
      'Invalid placeholder in string: line 5, col 10',
    );
  });
});
