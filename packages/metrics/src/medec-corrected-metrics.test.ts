import { reference, type ScoreInputV1, ScoringError } from '@medhelm/core';
import { describe, expect, it } from 'vitest';
import {
  MEDEC_ERROR_SENTENCE_ACCURACY_CORRECTED,
  medecCorrectedScorer,
  medecErrorSentenceAccuracyCorrected,
} from './medec-corrected-metrics.ts';
import { medecMetrics } from './medec-metrics.ts';

// The reference of upstream note ms-test-8 (error in sentence 4), as the scenario builds it.
const erroneous = '4 Rotavirus is suspected.';

describe('medecErrorSentenceAccuracyCorrected', () => {
  it("reads the reference's sentence id from its leading digits, where HELM's int() of it fails", () => {
    expect(medecErrorSentenceAccuracyCorrected('4 Rotavirus is suspected.', erroneous)).toBe(1);
    expect(medecMetrics('4 Rotavirus is suspected.', erroneous).medec_error_sentence_accuracy).toBe(0);
    // The id alone is enough, as for HELM's prediction parsing; the correction is not compared.
    expect(medecErrorSentenceAccuracyCorrected('4', erroneous)).toBe(1);
    expect(medecErrorSentenceAccuracyCorrected(' 4 Norovirus is suspected.\n', erroneous)).toBe(1);
  });

  it('scores a wrong sentence, a missing id and a CORRECT verdict on an erroneous note 0', () => {
    expect(medecErrorSentenceAccuracyCorrected('5 Rotavirus is suspected.', erroneous)).toBe(0);
    expect(medecErrorSentenceAccuracyCorrected('44 Rotavirus is suspected.', erroneous)).toBe(0);
    expect(medecErrorSentenceAccuracyCorrected('Sentence 4: Rotavirus is suspected.', erroneous)).toBe(0);
    expect(medecErrorSentenceAccuracyCorrected('CORRECT', erroneous)).toBe(0);
    expect(medecErrorSentenceAccuracyCorrected('', erroneous)).toBe(0);
  });

  it('handles sentence 0 and multi-digit ids', () => {
    const first = '0 A 31-year-old man is brought in.';
    expect(medecErrorSentenceAccuracyCorrected('0 A 31-year-old man.', first)).toBe(1);
    expect(medecErrorSentenceAccuracyCorrected('CORRECT', first)).toBe(0);
    expect(medecErrorSentenceAccuracyCorrected('16 x', '16 The patient has CML.')).toBe(1);
    expect(medecErrorSentenceAccuracyCorrected('1 x', '16 The patient has CML.')).toBe(0);
  });

  it('agrees with HELM on correct notes: only exactly CORRECT counts', () => {
    for (const prediction of ['CORRECT', ' CORRECT\n', 'CORRECT.', 'correct', '3 x', '']) {
      expect(medecErrorSentenceAccuracyCorrected(prediction, 'CORRECT')).toBe(
        medecMetrics(prediction, 'CORRECT').medec_error_sentence_accuracy,
      );
    }
    // HELM removes the reference's dots before comparing with CORRECT; so do we.
    expect(medecErrorSentenceAccuracyCorrected('CORRECT', 'CORRECT.')).toBe(1);
  });

  it('gives no value without a correct reference and throws for an error reference without an id', () => {
    expect(medecErrorSentenceAccuracyCorrected('CORRECT', undefined)).toBeUndefined();
    expect(() => medecErrorSentenceAccuracyCorrected('4', 'Rotavirus is suspected.')).toThrow(ScoringError);
  });
});

describe('medecCorrectedScorer', () => {
  const scorer = medecCorrectedScorer();

  function scoreInput(completion: string, references: ScoreInputV1['instance']['references']): ScoreInputV1 {
    return {
      instance: { id: 'id1', input: { text: 'note' }, references, split: 'test' },
      request: {
        prompt: 'note',
        temperature: 0,
        maxTokens: 256,
        stopSequences: [],
        numCompletions: 1,
        topKPerToken: 1,
        topP: 1,
        presencePenalty: 0,
        frequencyPenalty: 0,
      },
      result: {
        completions: [{ text: completion, finishReason: 'stop' }],
        usage: { promptTokens: 10, completionTokens: 2 },
        requestTimeSeconds: 0.5,
      },
      completion,
      prediction: completion,
      numTrainInstances: 0,
      promptTruncated: false,
    };
  }

  it('declares its stat and no HELM metric spec', () => {
    expect(scorer.statNames).toEqual([MEDEC_ERROR_SENTENCE_ACCURACY_CORRECTED]);
    expect(scorer.helmMetricSpecs).toBeUndefined();
  });

  it('scores against the first reference tagged correct, and gives no stat without one', () => {
    const references = [reference('9 Not this one.', false), reference(erroneous, true)];
    expect(scorer.score(scoreInput('4 Rotavirus is suspected.', references))).toEqual({
      medec_error_sentence_accuracy_corrected: 1,
    });
    expect(scorer.score(scoreInput('4', [reference(erroneous, false)]))).toEqual({});
  });
});
