import {
  type BenchmarkV1,
  type DatasetLoaderV1,
  defineDatasetLoader,
  PluginLoadError,
  renderPrompt,
} from '@medhelm/core';
import { helmExactMatchScorer } from '@medhelm/metrics';
import { describe, expect, it } from 'vitest';
import { type BenchmarkCard, cardDataSource, readBenchmarkCard } from './benchmark-card.ts';
import { defineCardBenchmark, generationBenchmark, multipleChoiceBenchmark } from './card-benchmark.ts';

const cardJson = {
  $comment: 'A made-up benchmark.',
  id: 'my_mcq',
  displayName: 'My MCQ',
  description: 'Questions with lettered answers.',
  category: 'Clinical Decision Support',
  subcategory: 'Supporting Diagnostic Decisions',
  data: {
    access: 'gated',
    license: 'My MCQ data use agreement',
    upstream: 'https://example.org/my-mcq',
    sampleInvented: true,
  },
  prompt: { instructions: 'Answer with a letter.', inputNoun: 'Question', outputNoun: 'Answer' },
  helm: {
    $comment: 'The scenario class, verbatim.',
    className: 'helm.benchmark.scenarios.my_mcq_scenario.MyMCQScenario',
    description: 'Questionswith lettered answers.',
    tags: ['question_answering', 'biomedical'],
  },
};

function dataset(): DatasetLoaderV1 {
  return defineDatasetLoader({
    ...cardDataSource(readCard(cardJson), 'v2'),
    files: [],
    async *load() {},
  });
}

function readCard(json: unknown): BenchmarkCard {
  return readBenchmarkCard(json, '@example/benchmark-my-mcq');
}

describe('readBenchmarkCard', () => {
  it('returns the card typed, comments and all', () => {
    const card = readCard(cardJson);
    expect(card.id).toBe('my_mcq');
    expect(card.category).toBe('Clinical Decision Support');
    expect(card.prompt.outputNoun).toBe('Answer');
  });

  it('names the package, the file and every field that is wrong', () => {
    const broken = {
      ...cardJson,
      category: 'Diagnosis',
      prompt: { ...cardJson.prompt, maxTokens: 0 },
      helm: { ...cardJson.helm, className: 'MyMCQScenario' },
    };
    const error = (() => {
      try {
        readCard(broken);
      } catch (caught) {
        return caught;
      }
      return undefined;
    })();
    expect(PluginLoadError.isInstance(error)).toBe(true);
    const message = (error as Error).message;
    expect(message).toContain('Plugin "@example/benchmark-my-mcq": src/benchmark-card.json');
    expect(message).toContain('category:');
    expect(message).toContain('prompt.maxTokens:');
    expect(message).toContain('helm.className: must be a HELM scenario class path');
  });

  it("gives the card's data source as a loader declares it, at a revision when there is one", () => {
    const card = readCard(cardJson);
    expect(cardDataSource(card)).toEqual({
      access: 'gated',
      license: 'My MCQ data use agreement',
      upstream: { url: 'https://example.org/my-mcq' },
      sampleInvented: true,
    });
    expect(
      cardDataSource(readCard({ ...cardJson, data: { ...cardJson.data, sampleInvented: false } }))
        .sampleInvented,
    ).toBe(false);
    expect(cardDataSource(card, 'v2').upstream).toEqual({
      url: 'https://example.org/my-mcq',
      revision: 'v2',
    });
    expect(() => readCard({ ...cardJson, data: { ...cardJson.data, access: 'open' } })).toThrow(
      /data\.access:/,
    );
  });

  it('requires the card to say whether the bundled sample is invented', () => {
    const { sampleInvented: _, ...unstated } = cardJson.data;
    expect(() => readCard({ ...cardJson, data: unstated })).toThrow(
      /data\.sampleInvented: must be true \(the bundled sample is invented\) or false/,
    );
    expect(() => readCard({ ...cardJson, data: { ...cardJson.data, sampleInvented: 'no' } })).toThrow(
      /data\.sampleInvented:/,
    );
  });

  it('refuses a key it does not know (a misspelt setting would otherwise be dropped)', () => {
    expect(() => readCard({ ...cardJson, prompt: { ...cardJson.prompt, max_tokens: 5 } })).toThrow(
      /prompt: Unrecognized key: "max_tokens"/,
    );
  });
});

describe('the card recipes', () => {
  const card = readCard(cardJson);

  it("make a benchmark of the card's metadata and scenario, named after the benchmark", () => {
    const benchmark = multipleChoiceBenchmark(card, { dataset: dataset() });
    expect(benchmark).toMatchObject({
      id: 'my_mcq',
      displayName: 'My MCQ',
      description: 'Questions with lettered answers.',
      category: 'Clinical Decision Support',
      subcategory: 'Supporting Diagnostic Decisions',
      access: 'gated',
      license: 'My MCQ data use agreement',
      mainMetric: { name: 'exact_match', split: 'test' },
    });
    expect(benchmark.helm).toEqual({
      scenarioClassName: 'helm.benchmark.scenarios.my_mcq_scenario.MyMCQScenario',
      scenarioArgs: {},
      scenarioName: 'my_mcq',
      scenarioDescription: 'Questionswith lettered answers.',
      tags: ['question_answering', 'biomedical'],
      definitionPath:
        'https://github.com/stanford-crfm/helm/blob/main/src/helm/benchmark/scenarios/my_mcq_scenario.py',
      groups: ['my_mcq'],
    });
  });

  it("ask with the card's prompt, a per-run prompt and scenario over it", () => {
    const benchmark = multipleChoiceBenchmark(card, {
      dataset: dataset(),
      prompt: { instructions: 'Answer A or B.' },
      helm: { name: 'my_mcq_hard', args: { level: 'hard' } },
    });
    const rendered = renderPrompt(benchmark.prompt, {
      id: 'id0',
      input: { text: 'Is it?' },
      references: [
        { output: { text: 'yes' }, tags: ['correct'] },
        { output: { text: 'no' }, tags: [] },
      ],
      split: 'test',
    });
    expect(rendered.request.prompt).toBe('Answer A or B.\n\nQuestion: Is it?\nA. yes\nB. no\nAnswer:');
    expect(benchmark.helm).toMatchObject({ scenarioName: 'my_mcq_hard', scenarioArgs: { level: 'hard' } });
  });

  it("give a multiple-choice benchmark its own variants first, then the recipe's, none applied", () => {
    const own = {
      name: 'own-fix',
      description: 'a fix of its own',
      references: [],
      apply: (b: BenchmarkV1) => b,
    };
    const benchmark = multipleChoiceBenchmark(card, { dataset: dataset(), variants: [own] });
    expect(benchmark.variants?.map((variant) => variant.name)).toEqual([
      'own-fix',
      'strip-answer-punctuation',
    ]);
    expect(benchmark.normalizers.map((normalizer) => normalizer.id)).toEqual([
      'multiple_choice_output_mapping',
    ]);
    expect(benchmark.version).toBe('1');
    expect(
      multipleChoiceBenchmark(card, { dataset: dataset() }).variants?.map((variant) => variant.name),
    ).toEqual(['strip-answer-punctuation']);
  });

  it('refuse a multiple-choice card without an output noun', () => {
    const { outputNoun: _outputNoun, ...prompt } = cardJson.prompt;
    expect(() => multipleChoiceBenchmark(readCard({ ...cardJson, prompt }), { dataset: dataset() })).toThrow(
      /prompt\.outputNoun/,
    );
  });

  it('score a generation card with the given scorers and keep what the code adds', () => {
    const benchmark = generationBenchmark(readCard({ ...cardJson, prompt: { maxTokens: 10 } }), {
      dataset: dataset(),
      scorers: [helmExactMatchScorer()],
      mainMetric: 'quasi_exact_match',
      correctedMetric: { name: 'my_corrected', split: 'test' },
    });
    expect(benchmark.normalizers).toEqual([]);
    expect(benchmark.mainMetric).toEqual({ name: 'quasi_exact_match', split: 'test' });
    expect(benchmark.correctedMetric).toEqual({ name: 'my_corrected', split: 'test' });
    expect(defineCardBenchmark(card, { ...benchmark, helm: { groups: ['clinical'] } }).helm.groups).toEqual([
      'clinical',
    ]);
  });
});
