import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type BenchmarkV1,
  defineAnnotator,
  defineBenchmark,
  defineDatasetLoader,
  defineNormalizer,
  definePromptTemplate,
  defineScorer,
  HELM_ADAPTER_SPEC_DEFAULTS,
  type Instance,
  REQUEST_DEFAULTS,
  reference,
} from '@medhelm/core';
import { afterAll, describe, expect, it } from 'vitest';
import { benchmarkScoreInput, scoreWithEveryScorer } from './benchmark-score-input.ts';
import { describeBenchmarkDescription } from './describe-benchmark-description.ts';
import { describeConformanceChecks } from './describe-conformance-checks.ts';
import { loadBenchmarkInstances } from './load-benchmark-instances.ts';
import { selectConformanceVectors } from './select-conformance-vectors.ts';

const spec = (name: string, args: Record<string, unknown> = {}) => ({ class_name: `x.${name}`, args });

function fixtureBenchmark(instances: readonly Instance[]): BenchmarkV1 {
  return defineBenchmark({
    id: 'helper_fixture',
    displayName: 'Helper fixture',
    description: 'A benchmark for the helpers of @medhelm/testing.',
    category: 'Clinical Decision Support',
    subcategory: 'Testing',
    access: 'public',
    license: 'CC0-1.0',
    dataset: defineDatasetLoader({
      access: 'public',
      license: 'CC0-1.0',
      upstream: { url: 'https://example.org' },
      files: [],
      async *load() {
        yield* instances;
      },
    }),
    prompt: definePromptTemplate({
      adapterSpec: HELM_ADAPTER_SPEC_DEFAULTS,
      render: (instance) => ({
        request: {
          prompt: `Q: ${instance.input.text}\nA:`,
          temperature: 0,
          maxTokens: 4,
          stopSequences: [],
          numCompletions: 1,
          topKPerToken: 1,
          ...REQUEST_DEFAULTS,
        },
        numTrainInstances: 2,
        promptTruncated: true,
      }),
    }),
    normalizers: [
      defineNormalizer({
        id: 'upper',
        normalize: (completion) => (completion === '' ? null : completion.toUpperCase()),
      }),
    ],
    scorers: [
      defineScorer({
        id: 'first',
        statNames: ['length'],
        helmMetricSpecs: [spec('First', { b: 1, a: 2 })],
        score: ({ completion }) => ({ length: completion.length }),
      }),
      defineScorer({
        id: 'second',
        statNames: ['prompt_has_question', 'length'],
        helmAnnotatorSpecs: [spec('SecondAnnotator')],
        score: ({ request }) => ({ prompt_has_question: request.prompt.startsWith('Q: '), length: -1 }),
      }),
    ],
    annotators: [
      defineAnnotator({
        id: 'judged',
        helmAnnotatorSpec: spec('JudgedAnnotator'),
        needsJudges: false,
        annotate: async () => null,
      }),
    ],
    mainMetric: { name: 'length', split: 'test' },
    helm: {
      scenarioClassName: 'x.HelperFixtureScenario',
      scenarioArgs: {},
      scenarioName: 'helper_fixture',
      scenarioDescription: 'fixture',
      tags: [],
      definitionPath: 'https://example.org',
      groups: ['helper_fixture'],
    },
  });
}

const unnamed = [
  { input: { text: 'one' }, references: [reference('1', true)], split: 'test' },
  { input: { text: 'two' }, references: [reference('2', true)], split: 'test' },
];

describe('loadBenchmarkInstances', () => {
  it('numbers instances as the engine does when they have no ids, and keeps their own ids otherwise', async () => {
    expect((await loadBenchmarkInstances(fixtureBenchmark(unnamed))).map(({ id }) => id)).toEqual([
      'id0',
      'id1',
    ]);
    const named = unnamed.map((instance, index) => ({ ...instance, id: `q${index + 7}` }));
    expect((await loadBenchmarkInstances(fixtureBenchmark(named))).map(({ id }) => id)).toEqual(['q7', 'q8']);
  });
});

describe('benchmarkScoreInput and scoreWithEveryScorer', () => {
  const benchmark = fixtureBenchmark(unnamed);
  const instance = { ...unnamed[0]!, id: 'id0' };

  it("render the request as the benchmark does and take the normalizers' prediction", () => {
    const input = benchmarkScoreInput(benchmark, instance, 'abc');
    expect(input.request.prompt).toBe('Q: one\nA:');
    expect(input).toMatchObject({
      completion: 'abc',
      prediction: 'ABC',
      numTrainInstances: 2,
      promptTruncated: true,
      result: { completions: [{ text: 'abc', finishReason: 'stop' }] },
    });
    expect(benchmarkScoreInput(benchmark, instance, '').prediction).toBeNull();
    expect(benchmarkScoreInput(benchmark, instance, 'abc', { prediction: 'x' }).prediction).toBe('x');
  });

  it('merge every scorer in order, a later stat of the same name winning', async () => {
    expect(await scoreWithEveryScorer(benchmark, instance, 'abcd')).toEqual({
      length: -1,
      prompt_has_question: true,
    });
  });
});

describeBenchmarkDescription(fixtureBenchmark(unnamed), {
  fields: { id: 'helper_fixture', access: 'public', mainMetric: { name: 'length', split: 'test' } },
  normalizers: ['upper'],
  annotators: ['judged'],
  helm: { scenarioName: 'helper_fixture', groups: ['helper_fixture'] },
  // Key order as the scorer wrote it: the suite compares JSON text.
  metricSpecs: [spec('First', { b: 1, a: 2 })],
  annotatorSpecs: [spec('JudgedAnnotator'), spec('SecondAnnotator')],
});

// A bundle of this test's own: describeConformanceChecks reads MEDHELM_FIDELITY_VECTORS_DIR first.
const shared = mkdtempSync(join(tmpdir(), 'medhelm-shared-'));
mkdirSync(join(shared, 'conformance', 'prompts'), { recursive: true });
mkdirSync(join(shared, 'conformance', 'jury_prompts'), { recursive: true });
mkdirSync(join(shared, 'data', 'b'), { recursive: true });
writeFileSync(join(shared, 'conformance', 'prompts', 'b.jsonl'), '');
writeFileSync(join(shared, 'conformance', 'jury_prompts', 'b.jsonl'), '');
const previousBundle = process.env.MEDHELM_FIDELITY_VECTORS_DIR;
process.env.MEDHELM_FIDELITY_VECTORS_DIR = shared;
const seen: string[] = [];
describeConformanceChecks('describeConformanceChecks', (paths) => [
  {
    name: 'hands each row the shared paths and runs it as a test',
    passed: 3,
    run: async () => {
      seen.push(paths.promptVectors('b'), paths.judgePromptVectors('b'), paths.data('b'));
      return { passed: 3, failures: [] };
    },
  },
]);
// The rows locate their paths while they run, so the bundle stays set until this file is done.
afterAll(() => {
  if (previousBundle === undefined) delete process.env.MEDHELM_FIDELITY_VECTORS_DIR;
  else process.env.MEDHELM_FIDELITY_VECTORS_DIR = previousBundle;
});

describe('describeConformanceChecks paths', () => {
  it('point into the bundle', () => {
    expect(seen).toEqual([
      join(shared, 'conformance', 'prompts', 'b.jsonl'),
      join(shared, 'conformance', 'jury_prompts', 'b.jsonl'),
      join(shared, 'data', 'b'),
    ]);
  });
});

describe('selectConformanceVectors', () => {
  let selected = '';
  it('writes the lines the filter keeps, byte for byte and in order', async () => {
    const vectorsFile = join(shared, 'vectors.jsonl');
    writeFileSync(
      vectorsFile,
      '{"id": "a", "keep": true}\n\n{"id":"b","keep":false}\n{"id": "c",  "keep": true}\n',
    );
    selected = await selectConformanceVectors<{ keep: boolean }>(vectorsFile, (vector) => vector.keep);
    expect(readFileSync(selected, 'utf8')).toBe('{"id": "a", "keep": true}\n{"id": "c",  "keep": true}\n');
  });

  it('removes the file once the test is over', () => {
    expect(selected).not.toBe('');
    expect(existsSync(selected)).toBe(false);
  });
});
