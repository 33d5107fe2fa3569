import {
  ConfigError,
  type IdentifiedInstance,
  REQUEST_DEFAULTS,
  reference,
  type ScoreInputV1,
  ScoringError,
} from '@medhelm/core';
import { describe, expect, it } from 'vitest';
import { helmBasicGenerationScorer } from './basic-generation-scorer.ts';
import { correctedReferencesScorer } from './corrected-references-scorer.ts';

const names = ['exact_match', 'quasi_exact_match', 'prefix_exact_match', 'quasi_prefix_exact_match'];
const yesNo = (correct: 'yes' | 'no') => [
  reference('yes', correct === 'yes'),
  reference('no', correct === 'no'),
];

/** A yes/no instance whose HELM references say `helm` and whose own label says `own`. */
function input(prediction: string | null, helm: 'yes' | 'no', own: 'yes' | 'no' | undefined): ScoreInputV1 {
  const instance: IdentifiedInstance = {
    id: 'id0',
    input: { text: 'Patient EHR:\n- Visit/IP\n' },
    references: yesNo(helm),
    ...(own === undefined ? {} : { correctedReferences: yesNo(own) }),
    split: 'test',
  };
  return {
    instance,
    request: {
      ...REQUEST_DEFAULTS,
      prompt: '',
      numCompletions: 1,
      topKPerToken: 5,
      maxTokens: 1,
      temperature: 0,
      stopSequences: [],
    },
    result: {
      completions: [{ text: 'A', finishReason: 'length', logprob: -0.1 }],
      usage: { promptTokens: 10, completionTokens: 1 },
      requestTimeSeconds: 0,
    },
    completion: 'A',
    prediction,
    numTrainInstances: 0,
    promptTruncated: false,
  };
}

describe('correctedReferencesScorer', () => {
  const scorer = correctedReferencesScorer({ names });

  it('scores against the corrected references, where HELM scores against the references', async () => {
    // The model answers "yes" (letter A); HELM's label (another row's) says no, the prompt's own says yes.
    const state = input('yes', 'no', 'yes');
    expect(await scorer.score(state)).toEqual({
      exact_match_corrected: 1,
      quasi_exact_match_corrected: 1,
      prefix_exact_match_corrected: 1,
      quasi_prefix_exact_match_corrected: 1,
    });
    const helm = await helmBasicGenerationScorer({ names }).score(state);
    expect(helm.exact_match).toBe(0);
    expect(scorer.statNames).toEqual(names.map((name) => `${name}_corrected`));
    expect(scorer.helmMetricSpecs).toBeUndefined();
  });

  it('strips the prediction and scores an unmapped letter (null) as no match, as HELM does', async () => {
    expect((await scorer.score(input(' no\n', 'yes', 'no'))).exact_match_corrected).toBe(1);
    expect((await scorer.score(input(null, 'yes', 'yes'))).exact_match_corrected).toBe(0);
  });

  it('uses the references when the instance has no corrected ones (they are right)', async () => {
    expect((await scorer.score(input('no', 'no', undefined))).exact_match_corrected).toBe(1);
    expect((await scorer.score(input('yes', 'no', undefined))).exact_match_corrected).toBe(0);
  });

  it('refuses corrected references without a correct one, and unknown metric names', async () => {
    const state = input('yes', 'yes', 'yes');
    const broken = {
      ...state,
      instance: { ...state.instance, correctedReferences: [reference('yes', false)] },
    };
    await expect(async () => scorer.score(broken)).rejects.toThrow(ScoringError);
    expect(() => correctedReferencesScorer({ names: ['rouge_9'] })).toThrow(ConfigError);
  });
});
