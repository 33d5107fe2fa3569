import { benchmarkMetricSpecs, renderPrompt } from '@medhelm/core';
import { correctedReferencesScorer, helmExactMatchMetricSpecs } from '@medhelm/metrics';
import { describe, expect, it } from 'vitest';
import { multipleChoiceBenchmarkParts } from './multiple-choice-benchmark-parts.ts';

const parts = multipleChoiceBenchmarkParts({
  instructions: 'Answer A, B or C.',
  inputNoun: 'Question',
  outputNoun: 'Answer',
});
const instance = {
  id: 'id0',
  input: { text: 'Is it?' },
  references: [
    { output: { text: 'yes' }, tags: ['correct'] },
    { output: { text: 'no' }, tags: [] },
    { output: { text: 'maybe' }, tags: [] },
  ],
  split: 'test',
};

describe('multipleChoiceBenchmarkParts', () => {
  it("asks HELM's zero-shot multiple_choice_joint question: lettered options, one token, top 5", () => {
    const rendered = renderPrompt(parts.prompt, instance);
    expect(rendered.request.prompt).toBe(
      'Answer A, B or C.\n\nQuestion: Is it?\nA. yes\nB. no\nC. maybe\nAnswer:',
    );
    expect(rendered.outputMapping).toEqual({ A: 'yes', B: 'no', C: 'maybe' });
    expect(rendered.request).toMatchObject({
      maxTokens: 1,
      temperature: 0,
      topKPerToken: 5,
      numCompletions: 1,
    });
    expect(parts.prompt.adapterSpec).toMatchObject({
      method: 'multiple_choice_joint',
      max_train_instances: 0,
    });
  });

  it("maps the letter to its option and scores HELM's exact-match family, exact_match on test the headline", () => {
    expect(parts.normalizers.map((normalizer) => normalizer.id)).toEqual(['multiple_choice_output_mapping']);
    expect(benchmarkMetricSpecs(parts)).toEqual(helmExactMatchMetricSpecs());
    expect(parts.mainMetric).toEqual({ name: 'exact_match', split: 'test' });
    expect(parts.annotators).toBeUndefined();
  });

  it('takes the headline split from the options (MedMCQA: valid)', () => {
    expect(
      multipleChoiceBenchmarkParts(
        { instructions: '', inputNoun: 'Q', outputNoun: 'A' },
        { mainSplit: 'valid' },
      ).mainMetric,
    ).toEqual({
      name: 'exact_match',
      split: 'valid',
    });
  });

  it("puts corrected scorers after HELM's exact-match family, leaving HELM's metric specs as they are", () => {
    const withCorrected = multipleChoiceBenchmarkParts(
      { instructions: '', inputNoun: 'Q', outputNoun: 'A' },
      { correctedScorers: [correctedReferencesScorer({ names: ['exact_match'] })] },
    );
    expect(withCorrected.scorers.map((scorer) => scorer.id)).toEqual([
      parts.scorers[0]?.id,
      correctedReferencesScorer({ names: ['exact_match'] }).id,
    ]);
    expect(benchmarkMetricSpecs(withCorrected)).toEqual(helmExactMatchMetricSpecs());
  });
});
