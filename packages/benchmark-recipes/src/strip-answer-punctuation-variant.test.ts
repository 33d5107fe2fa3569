import {
  applyNormalizers,
  type BenchmarkV1,
  defineBenchmark,
  defineDatasetLoader,
  type IdentifiedInstance,
  PluginLoadError,
  renderPrompt,
} from '@medhelm/core';
import { describe, expect, it } from 'vitest';
import { multipleChoiceBenchmarkParts } from './multiple-choice-benchmark-parts.ts';
import { stripAnswerPunctuationVariant } from './strip-answer-punctuation-variant.ts';

function multipleChoice(): BenchmarkV1 {
  return defineBenchmark({
    id: 'my_mcq',
    version: '1',
    displayName: 'My MCQ',
    description: 'Questions.',
    category: 'Clinical Decision Support',
    subcategory: 'Supporting Diagnostic Decisions',
    dataset: defineDatasetLoader({
      access: 'public',
      license: 'MIT',
      upstream: { url: 'https://example.org' },
      files: [],
      async *load() {},
    }),
    ...multipleChoiceBenchmarkParts({
      instructions: 'Answer A, B or C.',
      inputNoun: 'Question',
      outputNoun: 'Answer',
    }),
    helm: {
      scenarioClassName: 'my.Scenario',
      scenarioArgs: {},
      scenarioName: 'my_mcq',
      scenarioDescription: '',
      tags: [],
      definitionPath: '',
      groups: ['my_mcq'],
    },
  });
}

const instance: IdentifiedInstance = {
  id: 'id0',
  input: { text: 'Is it?' },
  references: [
    { output: { text: 'yes' }, tags: ['correct'] },
    { output: { text: 'no' }, tags: [] },
    { output: { text: 'maybe' }, tags: [] },
  ],
  split: 'test',
};

/** The option text the benchmark's normalizers read from `completion` (null: no answer). */
function answerOf(benchmark: BenchmarkV1, completion: string): string | null {
  const { outputMapping } = renderPrompt(benchmark.prompt, instance);
  return applyNormalizers(benchmark.normalizers, completion, {
    instance,
    ...(outputMapping === undefined ? {} : { outputMapping }),
  });
}

describe('stripAnswerPunctuationVariant (HELM PR #4290)', () => {
  it('is a variant of every multiple-choice benchmark the recipe makes, never applied by default', () => {
    const benchmark = multipleChoice();
    expect(benchmark.variants).toEqual([stripAnswerPunctuationVariant]);
    expect(answerOf(benchmark, 'A.')).toBeNull();
    expect(answerOf(benchmark, 'A')).toBe('yes');
  });

  it('reads "A." and "(B)" as their letters once applied, and keeps the rest of the benchmark', () => {
    const benchmark = multipleChoice();
    const applied = stripAnswerPunctuationVariant.apply(benchmark);
    expect(answerOf(applied, 'A.')).toBe('yes');
    expect(answerOf(applied, '(B)')).toBe('no');
    expect(answerOf(applied, 'c')).toBeNull();
    expect(applied.normalizers.map((normalizer) => normalizer.id)).toEqual([
      'multiple_choice_output_mapping_strip_punctuation',
    ]);
    expect(applied.prompt).toBe(benchmark.prompt);
    expect(applied.scorers).toBe(benchmark.scorers);
    expect(applied.mainMetric).toEqual({ name: 'exact_match', split: 'test' });
    expect([applied.id, applied.version]).toEqual(['my_mcq', '1']);
  });

  it('refuses a benchmark without HELM’s output mapping, naming it', () => {
    const generation = { ...multipleChoice(), normalizers: [] };
    expect(() => stripAnswerPunctuationVariant.apply(generation)).toThrow(PluginLoadError);
    expect(() => stripAnswerPunctuationVariant.apply(generation)).toThrow(
      /my_mcq.*"strip-answer-punctuation".*no multiple_choice_output_mapping normalizer/,
    );
  });
});
