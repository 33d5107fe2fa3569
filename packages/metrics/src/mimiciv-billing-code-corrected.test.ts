import { type IdentifiedInstance, reference, type ScoreInputV1, ScoringError } from '@medhelm/core';
import { describe, expect, it } from 'vitest';
import {
  extractIcdCodesCorrected,
  MIMICIV_BILLING_CODE_CORRECTED_STAT_NAMES,
  mimicivBillingCodeCorrectedScorer,
  mimicivBillingCodeMetricsCorrected,
} from './mimiciv-billing-code-corrected.ts';
import { mimicivBillingCodeMetrics } from './mimiciv-billing-code-metrics.ts';

function corrected(precision: number, recall: number, f1: number) {
  return {
    mimiciv_billing_code_precision_corrected: precision,
    mimiciv_billing_code_recall_corrected: recall,
    mimiciv_billing_code_f1_corrected: f1,
  };
}

function scoreInput(completion: string, references: IdentifiedInstance['references']): ScoreInputV1 {
  return {
    instance: { id: 'id5', input: { text: 'note' }, references, split: 'test' },
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

describe('extractIcdCodesCorrected', () => {
  it('reads codes with and without the dot as one code, upper-cased, without the dot', () => {
    expect(extractIcdCodesCorrected('Z79.01')).toEqual(['Z7901']);
    expect(extractIcdCodesCorrected('Z7901')).toEqual(['Z7901']);
    expect(extractIcdCodesCorrected('z79.01, Z7901, Z79.01.')).toEqual(['Z7901']);
    // MIMIC-IV's own spelling, as HELM's scenario joins the codes.
    expect(extractIcdCodesCorrected('I10,E785,Z7901')).toEqual(['E785', 'I10', 'Z7901']);
    expect(extractIcdCodesCorrected('1. I10 - Hypertension\n2. **E11.9** - Type 2 DM')).toEqual([
      'E119',
      'I10',
    ]);
  });

  it('keeps the letters of 7-character codes and the letter categories', () => {
    expect(extractIcdCodesCorrected('S72.001A, T36.0X1A, S72001A')).toEqual(['S72001A', 'T360X1A']);
    expect(extractIcdCodesCorrected('C4A.9, Z3A.38, O9A.211')).toEqual(['C4A9', 'O9A211', 'Z3A38']);
  });

  it('ignores what is not an ICD-10 code', () => {
    // A category has three characters; HbA1c and "A1C" are not codes; numbers alone are not.
    expect(extractIcdCodesCorrected('C1 E3 A1C HbA1c 4019 250.00')).toEqual([]);
    // More than seven characters, or more than four after the dot: not a code.
    expect(extractIcdCodesCorrected('S72001A5 I10.12345')).toEqual([]);
    // Glued to other letters or digits: not a code.
    expect(extractIcdCodesCorrected('XI10 I10X9Z9Z')).toEqual([]);
  });
});

describe('mimicivBillingCodeMetricsCorrected', () => {
  it('matches undotted reference codes that HELM cannot see', () => {
    // HELM's regex finds I10 in both but not Z7901 in the reference: precision 1/2, recall 1/1.
    expect(mimicivBillingCodeMetrics('I10, Z79.01', ['I10,Z7901'])).toEqual({
      mimiciv_billing_code_precision: 0.5,
      mimiciv_billing_code_recall: 1,
      mimiciv_billing_code_f1: (2 * 0.5 * 1) / 1.5,
    });
    expect(mimicivBillingCodeMetricsCorrected('I10, Z79.01', ['I10,Z7901'])).toEqual(corrected(1, 1, 1));
  });

  it('computes micro precision, recall and F1 over the distinct codes of all references', () => {
    // P = {I10, E785, N179}, R = {I10, E785, Z7901, K219}: 2 right, precision 2/3, recall 2/4.
    const values = mimicivBillingCodeMetricsCorrected('I10, E78.5, N17.9, I10', ['I10,E785', 'Z7901,K219']);
    expect(values.mimiciv_billing_code_precision_corrected).toBeCloseTo(2 / 3, 15);
    expect(values.mimiciv_billing_code_recall_corrected).toBe(0.5);
    // 2·(2/3)·(1/2) / (2/3 + 1/2) = 4/7.
    expect(values.mimiciv_billing_code_f1_corrected).toBeCloseTo(4 / 7, 15);
  });

  it('defines the empty cases, where HELM raises when both sides are empty', () => {
    expect(() => mimicivBillingCodeMetrics('no codes', ['none'])).toThrow(ScoringError);
    expect(mimicivBillingCodeMetricsCorrected('no codes', ['none'])).toEqual(corrected(1, 1, 1));
    expect(mimicivBillingCodeMetricsCorrected('no codes', ['I10'])).toEqual(corrected(0, 0, 0));
    expect(mimicivBillingCodeMetricsCorrected('I10', ['none'])).toEqual(corrected(0, 0, 0));
    expect(mimicivBillingCodeMetricsCorrected('I10', [])).toEqual({});
  });
});

describe('mimicivBillingCodeCorrectedScorer', () => {
  const scorer = mimicivBillingCodeCorrectedScorer();

  it('declares the three corrected stats and no HELM metric spec', () => {
    expect(scorer.statNames).toEqual(MIMICIV_BILLING_CODE_CORRECTED_STAT_NAMES);
    expect(MIMICIV_BILLING_CODE_CORRECTED_STAT_NAMES).toEqual([
      'mimiciv_billing_code_precision_corrected',
      'mimiciv_billing_code_recall_corrected',
      'mimiciv_billing_code_f1_corrected',
    ]);
    expect(scorer.helmMetricSpecs).toBeUndefined();
  });

  it('scores the completion against every reference, whatever its tags', () => {
    const references = [reference('I10', true), reference('Z7901', false)];
    expect(scorer.score(scoreInput('**I10**, Z79.01', references))).toEqual(corrected(1, 1, 1));
  });
});
