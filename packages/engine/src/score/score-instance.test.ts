import {
  type BenchmarkV1,
  type DatasetFileV1,
  defineBenchmark,
  defineDatasetLoader,
  definePromptTemplate,
  HELM_ADAPTER_SPEC_DEFAULTS,
  type ScorerV1,
  ScoringError,
} from '@medhelm/core';
import { describe, expect, it } from 'vitest';
import type { CompletedInstance } from '../checkpoint-record.ts';
import { predictionOf, scoreInstance } from './score-instance.ts';

const DATABASE: DatasetFileV1 = { name: 'db.sqlite', url: 'https://example.org/db.sqlite' };

/** A scorer that reports whether it could locate the benchmark's database, as EHRSQL's must. */
const databaseScorer: ScorerV1 = {
  specificationVersion: 'v1',
  id: 'needs-database',
  statNames: ['found'],
  async score(input) {
    if (input.resolveFile === undefined) throw new ScoringError('no data files in this context');
    return { found: (await input.resolveFile(DATABASE)) === '/data/db.sqlite' };
  },
};

const benchmark: BenchmarkV1 = defineBenchmark({
  id: 'needs_database',
  displayName: 'Needs a database',
  description: 'test',
  category: 'Administration and Workflow',
  subcategory: 'test',
  access: 'public',
  license: 'MIT',
  dataset: defineDatasetLoader({
    access: 'public',
    license: 'MIT',
    upstream: { url: 'https://example.org' },
    files: [DATABASE],
    async *load() {},
  }),
  prompt: definePromptTemplate({
    adapterSpec: HELM_ADAPTER_SPEC_DEFAULTS,
    render: () => {
      throw new Error('not used');
    },
  }),
  normalizers: [],
  scorers: [databaseScorer],
  mainMetric: { name: 'found', split: 'test' },
  helm: {
    scenarioClassName: 'x',
    scenarioArgs: {},
    scenarioName: 'needs_database',
    scenarioDescription: 'test',
    tags: [],
    definitionPath: 'https://example.org',
    groups: [],
  },
});

const completed: CompletedInstance = {
  instance: { id: 'id0', input: { text: 'q' }, references: [], split: 'test' },
  rendered: {
    request: {
      prompt: 'q',
      temperature: 0,
      maxTokens: 1,
      stopSequences: [],
      numCompletions: 1,
      topKPerToken: 1,
      topP: 1,
      presencePenalty: 0,
      frequencyPenalty: 0,
    },
    numTrainInstances: 0,
    promptTruncated: false,
  },
  checkpoint: {
    status: 'ok',
    requestKey: 'k',
    result: {
      completions: [{ text: 'a', logprob: 0, finishReason: 'stop' }],
      usage: { promptTokens: 1, completionTokens: 1 },
      requestTimeSeconds: 0,
      requestDatetime: 0,
    },
  },
};

describe('scoreInstance', () => {
  it("hands the run's file resolver to the scorer", async () => {
    const asked: string[] = [];
    const scored = await scoreInstance(databaseScorer, completed, predictionOf(benchmark, completed), {
      resolveFile: async (file) => {
        asked.push(file.name);
        return `/data/${file.name}`;
      },
    });
    expect(scored).toEqual({ values: { found: true } });
    expect(asked).toEqual(['db.sqlite']);
  });

  it('records why a scorer that needs data files could not score without them', async () => {
    const scored = await scoreInstance(databaseScorer, completed, predictionOf(benchmark, completed));
    expect(scored).toEqual({ error: expect.stringContaining('no data files'), kind: 'unscorable' });
  });

  it('calls an exception other than ScoringError, an undeclared stat or a non-finite value a scorer bug', async () => {
    const prediction = predictionOf(benchmark, completed);
    const scorer = (score: ScorerV1['score']): ScorerV1 => ({
      specificationVersion: 'v1',
      id: 'buggy',
      statNames: ['n'],
      score,
    });
    const cases: Array<[ScorerV1['score'], string]> = [
      [
        () => {
          throw new RangeError('index 3');
        },
        'threw RangeError: index 3',
      ],
      [() => ({ n: 1, m: 2 }), 'returned the stat "m", which is not among its statNames (n)'],
      [() => ({ n: Number.POSITIVE_INFINITY }), 'returned Infinity for the stat "n"'],
      [() => ({ n: Number.NaN }), 'returned NaN for the stat "n"'],
      [() => ({ n: '1' as unknown as number }), 'returned "1" for the stat "n"'],
    ];
    for (const [score, reason] of cases) {
      expect(await scoreInstance(scorer(score), completed, prediction)).toEqual({
        error: expect.stringContaining(reason),
        kind: 'scorer-bug',
      });
    }
    // HELM's best-of-k variant of a declared stat, booleans and null are fine.
    expect(
      await scoreInstance(
        scorer(() => ({ n: true, 'n@5': 0.5 })),
        completed,
        prediction,
      ),
    ).toEqual({ values: { n: true, 'n@5': 0.5 } });
    expect(
      await scoreInstance(
        scorer(() => ({ n: null })),
        completed,
        prediction,
      ),
    ).toEqual({
      values: { n: null },
    });
  });

  it('takes a stat whose name starts with a declared `<prefix>*` as declared, and no other', async () => {
    const prediction = predictionOf(benchmark, completed);
    const tagged: ScorerV1 = {
      specificationVersion: 'v1',
      id: 'tagged',
      statNames: ['example:*'],
      score: () => ({ 'example:axis:accuracy': 0.5, 'example:theme:x': 1 }),
    };
    expect(await scoreInstance(tagged, completed, prediction)).toEqual({
      values: { 'example:axis:accuracy': 0.5, 'example:theme:x': 1 },
    });
    expect(await scoreInstance({ ...tagged, score: () => ({ other: 1 }) }, completed, prediction)).toEqual({
      error: expect.stringContaining('returned the stat "other"'),
      kind: 'scorer-bug',
    });
  });
});
