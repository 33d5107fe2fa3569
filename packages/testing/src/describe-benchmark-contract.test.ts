import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type BenchmarkV1,
  correctReferences,
  defineBenchmark,
  defineDatasetLoader,
  defineNormalizer,
  definePromptTemplate,
  defineScorer,
  HELM_ADAPTER_SPEC_DEFAULTS,
  type IdentifiedInstance,
  type Instance,
  REQUEST_DEFAULTS,
  reference,
  renderPrompt,
  ScoringError,
} from '@medhelm/core';
import { afterAll, describe, expect, it } from 'vitest';
import {
  checkBenchmarkManifest,
  checkSpecificationVersions,
  evaluatedInstances,
  isMaximumScore,
  loadContractInstances,
  oracleCompletion,
  renderContractPrompt,
  scoreMainMetric,
  WRONG_COMPLETION,
} from './benchmark-contract-checks.ts';
import { BenchmarkContractViolation } from './benchmark-contract-violation.ts';
import { createSampleLoadContext } from './create-sample-load-context.ts';
import { describeBenchmarkContract } from './describe-benchmark-contract.ts';

// Two real, tiny benchmarks built with core's define* helpers: one multiple choice (answer letters
// mapped back to option text), one open generation. The contract suite runs on both below.

const mcqInstances: Instance[] = [
  {
    input: { text: 'Which organ pumps blood?' },
    references: [reference('Liver', false), reference('Heart', true), reference('Lung', false)],
    split: 'train',
  },
  {
    input: { text: 'Which vitamin does sunlight help the skin make?' },
    references: [reference('Vitamin D', true), reference('Vitamin C', false)],
    split: 'test',
  },
  {
    input: { text: 'What is the normal adult body temperature in Celsius?' },
    references: [reference('35', false), reference('39', false), reference('37', true)],
    split: 'test',
  },
];

const letters = ['A', 'B', 'C', 'D', 'E'];

function exactMatchScorer() {
  return defineScorer({
    id: 'exact_match',
    statNames: ['exact_match'],
    score: ({ instance, prediction }) => ({
      exact_match:
        prediction !== null && correctReferences(instance).some((gold) => gold.output.text === prediction),
    }),
  });
}

function mcqBenchmark(
  overrides: Partial<BenchmarkV1> = {},
  instances: readonly unknown[] = mcqInstances,
): BenchmarkV1 {
  return defineBenchmark({
    id: 'mini_mcq',
    displayName: 'Mini MCQ',
    description: 'A three-question multiple-choice benchmark for testing the contract suite.',
    category: 'Clinical Decision Support',
    subcategory: 'Testing',
    access: 'public',
    license: 'CC0-1.0',
    dataset: defineDatasetLoader({
      access: 'public',
      license: 'CC0-1.0',
      upstream: { url: 'https://example.org/mini-mcq' },
      files: [],
      async *load() {
        for (const instance of instances) yield instance as Instance;
      },
    }),
    prompt: definePromptTemplate({
      adapterSpec: { ...HELM_ADAPTER_SPEC_DEFAULTS, method: 'multiple_choice_joint', max_tokens: 1 },
      render: (instance) => {
        const outputMapping = Object.fromEntries(
          instance.references.map((option, index) => [letters[index] ?? '?', option.output.text]),
        );
        const options = Object.entries(outputMapping).map(([letter, text]) => `${letter}. ${text}\n`);
        return {
          request: {
            prompt: `Question: ${instance.input.text}\n${options.join('')}Answer:`,
            temperature: 0,
            maxTokens: 1,
            stopSequences: [],
            numCompletions: 1,
            topKPerToken: 1,
            ...REQUEST_DEFAULTS,
          },
          outputMapping,
          numTrainInstances: 0,
          promptTruncated: false,
        };
      },
    }),
    normalizers: [
      defineNormalizer({
        id: 'answer_letter',
        normalize: (prediction, { outputMapping }) => outputMapping?.[prediction.trim()] ?? null,
      }),
    ],
    scorers: [exactMatchScorer()],
    mainMetric: { name: 'exact_match', split: 'test' },
    helm: {
      scenarioClassName: 'tests.MiniMcqScenario',
      scenarioArgs: {},
      scenarioName: 'mini_mcq',
      scenarioDescription: 'Mini MCQ',
      tags: [],
      definitionPath: 'https://example.org/mini-mcq',
      groups: [],
    },
    ...overrides,
  });
}

const generationBenchmark = defineBenchmark({
  ...mcqBenchmark(),
  id: 'mini_generation',
  displayName: 'Mini generation',
  dataset: defineDatasetLoader({
    access: 'public',
    license: 'CC0-1.0',
    upstream: { url: 'https://example.org/mini-generation' },
    files: [],
    async *load() {
      yield {
        id: 'q1',
        input: { text: 'Abbreviation of blood pressure?' },
        references: [reference('BP', true)],
        split: 'valid',
      };
      yield {
        id: 'q2',
        input: { text: 'Abbreviation of heart rate?' },
        references: [reference('HR', true)],
        split: 'test',
      };
    },
  }),
  prompt: definePromptTemplate({
    adapterSpec: HELM_ADAPTER_SPEC_DEFAULTS,
    render: (instance) => ({
      request: {
        prompt: `Input: ${instance.input.text}\nOutput:`,
        temperature: 0,
        maxTokens: 5,
        stopSequences: ['\n'],
        numCompletions: 1,
        topKPerToken: 1,
        ...REQUEST_DEFAULTS,
      },
      numTrainInstances: 0,
      promptTruncated: false,
    }),
  }),
  normalizers: [defineNormalizer({ id: 'trim', normalize: (prediction) => prediction.trim() })],
});

const packageDirectory = mkdtempSync(join(tmpdir(), 'medhelm-contract-'));
const packageJsonPath = join(packageDirectory, 'package.json');
writeFileSync(
  packageJsonPath,
  JSON.stringify({
    name: '@medhelm/benchmark-mini',
    medhelm: { kind: 'benchmark', specificationVersion: 'v1', ids: ['mini_mcq', 'mini_generation'] },
  }),
);
afterAll(() => rmSync(packageDirectory, { recursive: true, force: true }));

const loadContext = createSampleLoadContext();

describeBenchmarkContract(mcqBenchmark(), { packageJsonPath, loadContext });
describeBenchmarkContract(generationBenchmark, { packageJsonPath, loadContext, maxInstances: 1 });

function writeManifest(name: string, manifest: unknown): string {
  const path = join(packageDirectory, `${name}.json`);
  writeFileSync(path, JSON.stringify(manifest === undefined ? { name } : { name, medhelm: manifest }));
  return path;
}

async function firstChecked(benchmark: BenchmarkV1) {
  const instances = await loadContractInstances(benchmark, loadContext);
  const instance = evaluatedInstances(benchmark, instances)[0] as IdentifiedInstance;
  return { instance, rendered: renderContractPrompt(benchmark, instance) };
}

describe('benchmark contract checks catch broken benchmarks', () => {
  it('rejects a package.json without a manifest, of another kind, or not listing the benchmark', () => {
    const v1 = { specificationVersion: 'v1' };
    expect(() => checkBenchmarkManifest(writeManifest('none', undefined), 'mini_mcq')).toThrow(
      /no "medhelm" field/,
    );
    expect(() =>
      checkBenchmarkManifest(
        writeManifest('provider', { ...v1, kind: 'provider', ids: ['mini_mcq'] }),
        'mini_mcq',
      ),
    ).toThrow(/kind "provider"/);
    expect(() =>
      checkBenchmarkManifest(
        writeManifest('other', { ...v1, kind: 'benchmark', ids: ['other'] }),
        'mini_mcq',
      ),
    ).toThrow(/do not include "mini_mcq"/);
    expect(() =>
      checkBenchmarkManifest(
        writeManifest('v2', { kind: 'benchmark', specificationVersion: 'v2', ids: ['x'] }),
        'x',
      ),
    ).toThrow(/specificationVersion/);
    expect(() => checkBenchmarkManifest(join(packageDirectory, 'missing.json'), 'x')).toThrow(
      BenchmarkContractViolation,
    );
  });

  it('names every part with a specification version other than v1', () => {
    const benchmark = mcqBenchmark();
    const stale = {
      ...benchmark,
      scorers: [{ ...exactMatchScorer(), specificationVersion: 'v0' }],
    } as unknown as BenchmarkV1;
    expect(() => checkSpecificationVersions(stale)).toThrow('scorer "exact_match" has "v0"');
  });

  it('rejects a loader that yields nothing or an invalid instance', async () => {
    await expect(loadContractInstances(mcqBenchmark({}, []), loadContext)).rejects.toThrow(
      /yielded no instances/,
    );
    const invalid = [{ input: { text: 'q' }, references: [], split: '' }];
    await expect(loadContractInstances(mcqBenchmark({}, invalid), loadContext)).rejects.toThrow(
      /instance #0: split: /,
    );
  });

  it('numbers instances id0, id1, ... when any lacks an id, and rejects duplicate ids', async () => {
    const mixed = [{ ...mcqInstances[0], id: 'given' }, mcqInstances[1]];
    const instances = await loadContractInstances(mcqBenchmark({}, mixed), loadContext);
    expect(instances.map((instance) => instance.id)).toEqual(['id0', 'id1']);
    const twice = [
      { ...mcqInstances[1], id: 'same' },
      { ...mcqInstances[2], id: 'same' },
    ];
    await expect(loadContractInstances(mcqBenchmark({}, twice), loadContext)).rejects.toThrow(
      /not unique: same/,
    );
  });

  it('requires an evaluated instance, each with a correct reference', async () => {
    const trainOnly = await loadContractInstances(mcqBenchmark({}, [mcqInstances[0]]), loadContext);
    expect(() => evaluatedInstances(mcqBenchmark(), trainOnly)).toThrow(
      /no instance is in an evaluated split/,
    );
    const noGold = [{ ...mcqInstances[1], references: [reference('Vitamin D', false)] }];
    const instances = await loadContractInstances(mcqBenchmark({}, noGold), loadContext);
    expect(() => evaluatedInstances(mcqBenchmark(), instances)).toThrow(
      /1 evaluated instances have no reference/,
    );
  });

  it('rejects a rendered request that does not match generationRequestSchema, or a throwing render', async () => {
    const { instance } = await firstChecked(mcqBenchmark());
    const negative = mcqBenchmark({
      prompt: definePromptTemplate({
        adapterSpec: mcqBenchmark().prompt.adapterSpec,
        compile: (spec) => (i) => ({
          ...renderPrompt(mcqBenchmark().prompt, i, spec),
          request: { prompt: 'x', temperature: -1 } as never,
        }),
      }),
    });
    expect(() => renderContractPrompt(negative, instance)).toThrow(
      /request does not match generationRequestSchema: temperature/,
    );
    const throwing = mcqBenchmark({
      prompt: definePromptTemplate({
        adapterSpec: mcqBenchmark().prompt.adapterSpec,
        compile: () => () => {
          throw new Error('no template');
        },
      }),
    });
    expect(() => renderContractPrompt(throwing, instance)).toThrow(/render threw: no template/);
  });

  it('builds oracle completions: the gold letter for multiple choice, the gold text otherwise', async () => {
    const mcq = await firstChecked(mcqBenchmark());
    expect(oracleCompletion(mcq.instance, mcq.rendered)).toBe('A');
    const generation = await firstChecked(generationBenchmark);
    expect(oracleCompletion(generation.instance, generation.rendered)).toBe('BP');
    expect(() =>
      oracleCompletion(mcq.instance, { ...mcq.rendered, outputMapping: { A: 'Vitamin C' } }),
    ).toThrow(/no letter of the outputMapping \(A\) maps to the correct reference "Vitamin D"/);
  });

  it('scores through the normalizers: oracle at the maximum, a wrong answer below it', async () => {
    const benchmark = mcqBenchmark();
    const { instance, rendered } = await firstChecked(benchmark);
    expect(await scoreMainMetric(benchmark, instance, rendered, 'A')).toBe(1);
    expect(await scoreMainMetric(benchmark, instance, rendered, ' A')).toBe(1);
    expect(await scoreMainMetric(benchmark, instance, rendered, 'B')).toBe(0);
    expect(await scoreMainMetric(benchmark, instance, rendered, WRONG_COMPLETION)).toBe(0);
  });

  it('flags a scorer that gives every completion the maximum', async () => {
    const lenient = mcqBenchmark({
      scorers: [
        defineScorer({ id: 'always', statNames: ['exact_match'], score: () => ({ exact_match: 1 }) }),
      ],
    });
    const { instance, rendered } = await firstChecked(lenient);
    expect(isMaximumScore(await scoreMainMetric(lenient, instance, rendered, WRONG_COMPLETION))).toBe(true);
  });

  it('requires a scorer that declares and returns the main metric', async () => {
    const benchmark = mcqBenchmark({ mainMetric: { name: 'accuracy', split: 'test' } });
    const { instance, rendered } = await firstChecked(benchmark);
    await expect(scoreMainMetric(benchmark, instance, rendered, 'A')).rejects.toThrow(
      'no scorer of "mini_mcq" lists the main metric "accuracy" in its statNames (scorers: exact_match)',
    );
    const silent = mcqBenchmark({
      scorers: [defineScorer({ id: 'silent', statNames: ['exact_match'], score: () => ({}) })],
    });
    await expect(scoreMainMetric(silent, instance, rendered, 'A')).rejects.toThrow(
      /no scorer returned the main metric/,
    );
  });

  it('treats a ScoringError as "no stat" (HELM raises for that input)', async () => {
    const raising = mcqBenchmark({
      scorers: [
        defineScorer({
          id: 'raises',
          statNames: ['exact_match'],
          score: () => {
            throw new ScoringError('unparsable');
          },
        }),
      ],
    });
    const { instance, rendered } = await firstChecked(raising);
    const value = await scoreMainMetric(raising, instance, rendered, WRONG_COMPLETION);
    expect(value).toBeUndefined();
    expect(isMaximumScore(value)).toBe(false);
  });

  it('treats a null main metric as "no stat"', async () => {
    const declaring = mcqBenchmark({
      scorers: [
        defineScorer({ id: 'empty', statNames: ['exact_match'], score: () => ({ exact_match: null }) }),
      ],
    });
    const { instance, rendered } = await firstChecked(declaring);
    expect(await scoreMainMetric(declaring, instance, rendered, 'A')).toBeUndefined();
  });
});

describe('createSampleLoadContext', () => {
  it('resolves a local copy, then the bundled sample, else fails naming the file', async () => {
    const sample = join(packageDirectory, 'sample.jsonl');
    writeFileSync(sample, '{}\n');
    writeFileSync(join(packageDirectory, 'full.jsonl'), '{}\n');
    const context = createSampleLoadContext({ dataDirectory: packageDirectory });
    const url = 'https://example.org/data';
    expect(await context.resolveFile({ name: 'full.jsonl', url, samplePath: sample })).toBe(
      join(packageDirectory, 'full.jsonl'),
    );
    expect(await context.resolveFile({ name: 'other.jsonl', url, samplePath: sample })).toBe(sample);
    await expect(context.resolveFile({ name: 'absent.jsonl', url })).rejects.toThrow(
      'absent.jsonl: no bundled sample and no local copy (tests never download)',
    );
  });
});
