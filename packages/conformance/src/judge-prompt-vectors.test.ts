import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type BenchmarkV1,
  defineAnnotator,
  defineBenchmark,
  defineDatasetLoader,
  definePromptTemplate,
  HELM_ADAPTER_SPEC_DEFAULTS,
  reference,
} from '@medhelm/core';
import { describe, expect, it } from 'vitest';
import { checkJudgePromptVectors } from './judge-prompt-vectors.ts';
import { runConformance } from './run-conformance.ts';

const FILE = { name: 'notes.txt', url: 'https://example.org/notes.txt' };

const JUDGES = {
  gpt: { model_name: 'openai/gpt-x', model_deployment: 'acme/gpt-x' },
  claude: { model_name: 'anthropic/claude-x', model_deployment: 'acme/claude-x' },
};

/**
 * A benchmark whose instances are the lines of notes.txt ("question|gold") and whose judge sees all
 * three; with `helmAnnotatorSpec`, its annotator is HELM's `helm.x.JudgedAnnotator` with two judges.
 */
function judgedBenchmark(withJudgePrompt: boolean, withHelmSpec = false): BenchmarkV1 {
  return defineBenchmark({
    id: 'judged',
    displayName: 'Judged',
    description: 'test',
    category: 'Clinical Note Generation',
    subcategory: 'test',
    access: 'public',
    license: 'MIT',
    dataset: defineDatasetLoader({
      access: 'public',
      license: 'MIT',
      upstream: { url: 'https://example.org' },
      files: [FILE],
      async *load(context) {
        const { readFile } = await import('node:fs/promises');
        const text = await readFile(await context.resolveFile(FILE), 'utf8');
        for (const row of text.trim().split('\n')) {
          const [question = '', gold = ''] = row.split('|');
          yield { input: { text: question }, references: [reference(gold, true)], split: 'test' };
        }
      },
    }),
    prompt: definePromptTemplate({
      adapterSpec: HELM_ADAPTER_SPEC_DEFAULTS,
      render: (instance) => ({
        request: {
          prompt: instance.input.text,
          temperature: 0,
          maxTokens: 5,
          stopSequences: [],
          numCompletions: 1,
          topKPerToken: 1,
          topP: 1,
          presencePenalty: 0,
          frequencyPenalty: 0,
        },
        numTrainInstances: 0,
        promptTruncated: false,
      }),
    }),
    normalizers: [],
    scorers: [],
    annotators: [
      defineAnnotator({
        id: 'judged',
        ...(withHelmSpec
          ? {
              helmAnnotatorSpec: { class_name: 'helm.x.JudgedAnnotator', args: { annotator_models: JUDGES } },
            }
          : {}),
        needsJudges: true,
        annotate: async () => ({}),
        ...(withJudgePrompt
          ? {
              judgePrompt: ({ instance, completion }) =>
                completion.trim() === ''
                  ? undefined
                  : `Q: ${instance.input.text}\nA: ${completion}\nGold: ${instance.references[0]?.output.text}`,
            }
          : {}),
      }),
    ],
    mainMetric: { name: 'judged_accuracy', split: 'test' },
    helm: {
      scenarioClassName: 'x',
      scenarioArgs: {},
      scenarioName: 'judged',
      scenarioDescription: 'test',
      tags: [],
      definitionPath: 'https://example.org',
      groups: [],
    },
  });
}

function folders(vectors: object[]): { vectors: string; data: string } {
  const root = mkdtempSync(join(tmpdir(), 'medhelm-judge-prompts-'));
  mkdirSync(join(root, 'vectors', 'jury_prompts'), { recursive: true });
  mkdirSync(join(root, 'data', 'judged'), { recursive: true });
  writeFileSync(
    join(root, 'data', 'judged', 'notes.txt'),
    'first question|first gold\nsecond question|second gold\n',
  );
  writeFileSync(
    join(root, 'vectors', 'jury_prompts', 'judged.jsonl'),
    vectors.map((vector) => JSON.stringify(vector)).join('\n'),
  );
  return { vectors: join(root, 'vectors'), data: join(root, 'data') };
}

const vector = (id: string, completion: string, judgePrompt: string) => ({
  benchmark: 'judged',
  instance_id: id,
  completion,
  judge_prompt: judgePrompt,
  annotator: 'helm.x.JudgedAnnotator',
});

describe('checkJudgePromptVectors', () => {
  it("compares the annotator's judge prompt for each vector's instance and completion, byte for byte", async () => {
    const { vectors, data } = folders([
      vector('id1', 'fine', 'Q: second question\nA: fine\nGold: second gold'),
      vector('id0', 'ok', 'Q: first question\nA: ok\nGold: first gold '),
      vector('id7', 'ok', 'anything'),
      vector('id0', '  ', 'Q: first question\nA:   \nGold: first gold'),
    ]);
    const result = await checkJudgePromptVectors(judgedBenchmark(true), {
      vectorsFile: join(vectors, 'jury_prompts', 'judged.jsonl'),
      dataDirectory: join(data, 'judged'),
    });
    expect(result.passed).toBe(1);
    expect(result.failures.map((failure) => [failure.line, failure.message])).toEqual([
      [2, 'instance id0: judge prompts differ at character 40: expected " ", got ""'],
      [3, `no instance id7 in ${join(data, 'judged')}`],
      [4, 'instance id0: our annotator would ask no judge for this completion'],
    ]);
  });

  it("checks the annotator class and the judges HELM asked against the annotator's HELM spec", async () => {
    const prompt = 'Q: second question\nA: fine\nGold: second gold';
    const asked = (...deployments: string[]) =>
      deployments.map((deployment) => ({
        model: deployment.replace('acme', 'openai'),
        model_deployment: deployment,
      }));
    const { vectors, data } = folders([
      {
        ...vector('id1', 'fine', prompt),
        judge_requests: [
          { model: 'openai/gpt-x', model_deployment: 'acme/gpt-x' },
          { model: 'anthropic/claude-x', model_deployment: 'acme/claude-x' },
        ],
      },
      vector('id1', 'fine', prompt),
      { ...vector('id1', 'fine', prompt), annotator: 'helm.x.OtherAnnotator' },
      { ...vector('id1', 'fine', prompt), judge_requests: asked('acme/gpt-x') },
    ]);
    const result = await checkJudgePromptVectors(judgedBenchmark(true, true), {
      vectorsFile: join(vectors, 'jury_prompts', 'judged.jsonl'),
      dataDirectory: join(data, 'judged'),
    });
    expect(result.passed).toBe(2);
    expect(result.failures.map((failure) => [failure.line, failure.message])).toEqual([
      [3, "instance id1: annotator helm.x.JudgedAnnotator, but HELM's was helm.x.OtherAnnotator"],
      [
        4,
        'instance id1: judges openai/gpt-x (acme/gpt-x), anthropic/claude-x (acme/claude-x), but HELM asked openai/gpt-x (acme/gpt-x)',
      ],
    ]);
  });

  it('fails every vector of a benchmark whose annotators build no judge prompt', async () => {
    const { vectors, data } = folders([vector('id0', 'ok', 'x'), vector('id1', 'ok', 'y')]);
    const result = await checkJudgePromptVectors(judgedBenchmark(false), {
      vectorsFile: join(vectors, 'jury_prompts', 'judged.jsonl'),
      dataDirectory: join(data, 'judged'),
    });
    expect([result.passed, result.failed]).toEqual([0, 2]);
    expect(result.failures[0]?.message).toBe('judged has no annotator that builds judge prompts');
  });

  it('runs as the jury_prompts/ family of a conformance folder', async () => {
    const { vectors, data } = folders([
      vector('id1', 'fine', 'Q: second question\nA: fine\nGold: second gold'),
    ]);
    const report = await runConformance({
      vectorsDirectory: vectors,
      dataRoot: data,
      families: [],
      benchmarks: new Map([['judged', judgedBenchmark(true)]]),
    });
    expect(report.results.map((result) => [result.family, result.passed, result.failed])).toEqual([
      ['jury_prompts/judged', 1, 0],
    ]);
    expect(report.skipped).toEqual([]);
  });
});
