import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type BenchmarkV1,
  defineAnnotator,
  defineBenchmark,
  defineDatasetLoader,
  definePromptTemplate,
  defineScorer,
  HELM_ADAPTER_SPEC_DEFAULTS,
  type IdentifiedInstance,
  REQUEST_DEFAULTS,
  reference,
  type ScoreValuesV1,
} from '@medhelm/core';
import { afterAll, describe, expect, it } from 'vitest';
import {
  evaluatedInstances,
  isMaximumScore,
  loadContractInstances,
  renderContractPrompt,
  scoreMainMetric,
  simulatedJuryAnnotations,
  WRONG_COMPLETION,
} from './benchmark-contract-checks.ts';
import { BenchmarkContractViolation } from './benchmark-contract-violation.ts';
import { createSampleLoadContext } from './create-sample-load-context.ts';
import { describeBenchmarkContract } from './describe-benchmark-contract.ts';

// A tiny open-ended benchmark scored only by a (never called) jury: its main metric is the mean of
// the judges' 1–5 scores, read from the annotation filed under the annotator's id, as HELM's
// LLMJuryMetric reads it. @medhelm/testing must not depend on @medhelm/jury, so it is written here.

type Verdicts = Record<string, Record<string, { score: number }>>;

function juryMean(annotation: unknown): number {
  const scores = Object.entries(annotation as Verdicts)
    .filter(([judge]) => judge === 'gpt' || judge === 'claude')
    .flatMap(([, verdict]) => Object.values(verdict).map((criterion) => criterion.score));
  return scores.length === 0 ? 1 : scores.reduce((total, score) => total + score, 0) / scores.length;
}

function juriedBenchmark(): BenchmarkV1 {
  return defineBenchmark({
    id: 'mini_juried',
    displayName: 'Mini juried',
    description: 'A two-note summarization benchmark scored by an LLM jury, for the contract suite.',
    category: 'Clinical Note Generation',
    subcategory: 'Testing',
    access: 'public',
    license: 'CC0-1.0',
    dataset: defineDatasetLoader({
      access: 'public',
      license: 'CC0-1.0',
      upstream: { url: 'https://example.org/mini-juried' },
      files: [],
      async *load() {
        yield {
          id: 'n1',
          input: { text: 'Patient reports chest pain for two days.' },
          references: [reference('Two days of chest pain.', true)],
          split: 'test',
        };
        yield {
          id: 'n2',
          input: { text: 'Patient has a cough and fever.' },
          references: [reference('Cough with fever.', true)],
          split: 'test',
        };
      },
    }),
    prompt: definePromptTemplate({
      adapterSpec: HELM_ADAPTER_SPEC_DEFAULTS,
      render: (instance) => ({
        request: {
          prompt: `Summarize: ${instance.input.text}\n`,
          temperature: 0,
          maxTokens: 50,
          stopSequences: [],
          numCompletions: 1,
          topKPerToken: 1,
          ...REQUEST_DEFAULTS,
        },
        numTrainInstances: 0,
        promptTruncated: false,
      }),
    }),
    normalizers: [],
    annotators: [
      defineAnnotator({
        id: 'mini_juried',
        needsJudges: true,
        annotate: () => Promise.reject(new Error('the contract suite must never call the jury')),
      }),
    ],
    scorers: [
      defineScorer({
        id: 'mini_juried_accuracy',
        statNames: ['mini_juried_accuracy'],
        score: ({ annotations }): ScoreValuesV1 =>
          annotations?.mini_juried === undefined
            ? {}
            : { mini_juried_accuracy: juryMean(annotations.mini_juried) },
      }),
    ],
    mainMetric: { name: 'mini_juried_accuracy', split: 'test' },
    helm: {
      scenarioClassName: 'tests.MiniJuriedScenario',
      scenarioArgs: {},
      scenarioName: 'mini_juried',
      scenarioDescription: 'Mini juried',
      tags: [],
      definitionPath: 'https://example.org/mini-juried',
      groups: [],
    },
  });
}

/** Every judge gives every criterion `score`, in HELM's annotation shape. */
function annotation(score: number): Record<string, unknown> {
  const verdict = { accuracy: { score, explanation: 'e' }, clarity: { score, explanation: 'e' } };
  return { prompt_text: 'judge prompt', gpt: verdict, claude: verdict };
}

const packageDirectory = mkdtempSync(join(tmpdir(), 'medhelm-contract-jury-'));
const packageJsonPath = join(packageDirectory, 'package.json');
writeFileSync(
  packageJsonPath,
  JSON.stringify({
    name: '@medhelm/benchmark-mini-juried',
    medhelm: { kind: 'benchmark', specificationVersion: 'v1', ids: ['mini_juried'] },
  }),
);
afterAll(() => rmSync(packageDirectory, { recursive: true, force: true }));

const loadContext = createSampleLoadContext();

// What a jury plugin passes (from @medhelm/jury's juryContractOptions): best = all 5, worst = all 1.
describeBenchmarkContract(juriedBenchmark(), {
  packageJsonPath,
  loadContext,
  juryAnnotations: (quality) => annotation(quality === 'best' ? 5 : 1),
  mainMetricMaximum: 5,
});

async function firstChecked(benchmark: BenchmarkV1) {
  const instances = await loadContractInstances(benchmark, loadContext);
  const instance = evaluatedInstances(benchmark, instances)[0] as IdentifiedInstance;
  return { instance, rendered: renderContractPrompt(benchmark, instance) };
}

describe('contract checks of a benchmark scored by an LLM jury', () => {
  it('files the simulated verdict under every annotator that needs judges, and nothing otherwise', () => {
    const benchmark = juriedBenchmark();
    expect(simulatedJuryAnnotations(benchmark, annotation(5))).toEqual({ mini_juried: annotation(5) });
    const unjuried = defineBenchmark({ ...benchmark, annotators: [] });
    expect(simulatedJuryAnnotations(unjuried, undefined)).toBeUndefined();
    const ehrSqlLike = defineBenchmark({
      ...benchmark,
      annotators: [defineAnnotator({ id: 'sql', needsJudges: false, annotate: async () => ({}) })],
    });
    expect(simulatedJuryAnnotations(ehrSqlLike, undefined)).toBeUndefined();
  });

  it('says how to fix a jury benchmark whose contract test gives no juryAnnotations', () => {
    expect(() => simulatedJuryAnnotations(juriedBenchmark(), undefined)).toThrow(BenchmarkContractViolation);
    expect(() => simulatedJuryAnnotations(juriedBenchmark(), undefined)).toThrow(
      /LLM jury \(annotator "mini_juried"\).*juryAnnotations option.*juryContractOptions\(rubric\)/,
    );
  });

  it('hands the annotations to the scorers and compares with the given maximum', async () => {
    const benchmark = juriedBenchmark();
    const { instance, rendered } = await firstChecked(benchmark);
    const best = simulatedJuryAnnotations(benchmark, annotation(5));
    const worst = simulatedJuryAnnotations(benchmark, annotation(1));
    const oracle = await scoreMainMetric(
      benchmark,
      instance,
      rendered,
      'Two days of chest pain.',
      undefined,
      best,
    );
    const wrong = await scoreMainMetric(benchmark, instance, rendered, WRONG_COMPLETION, undefined, worst);
    expect(oracle).toBe(5);
    expect(wrong).toBe(1);
    expect(isMaximumScore(oracle, 5)).toBe(true);
    // On MedHELM's usual 0–1 scale the worst jury score (1.0) would pass for a maximum.
    expect(isMaximumScore(wrong)).toBe(true);
    expect(isMaximumScore(wrong, 5)).toBe(false);
  });
});
