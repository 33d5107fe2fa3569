import { type IdentifiedInstance, reference, type ScoreInputV1, ScoringError } from '@medhelm/core';
import { describe, expect, it } from 'vitest';
import { medcalcBenchAccuracy } from './medcalc-bench-accuracy.ts';
import {
  MEDCALC_BENCH_ACCURACY_CORRECTED,
  medcalcBenchAccuracyCorrected,
  medcalcBenchAccuracyCorrectedScorer,
} from './medcalc-bench-accuracy-corrected.ts';

// Ground truths and limits below are those of real rows of MedCalc-Bench's test_data.csv (June 2024).
// Row 948, Steroid Conversion Calculator: 53.093 in [50.43835, 55.74765].
const dosage = { category: 'dosage', lower_limit: '50.43835', upper_limit: '55.74765' };
// Row 2, Creatinine Clearance (Cockcroft-Gault): 38 in [36.1, 39.9].
const lab = { category: 'lab', lower_limit: '36.1', upper_limit: '39.9' };
// Row 1028, Estimated Gestational Age: ('0 weeks', '6 days') for both limits.
const gestational = "('0 weeks', '6 days')";
// Row 928, Estimated Due Date.
const dueDate = { category: 'date', lower_limit: '09/23/2014', upper_limit: '09/23/2014' };

describe('medcalcBenchAccuracyCorrected', () => {
  it('scores lab and dosage answers by the range in the data, where HELM always gives 0', () => {
    expect(medcalcBenchAccuracyCorrected('53.093', '53.093', dosage)).toBe(1);
    expect(medcalcBenchAccuracy('53.093', '53.093', dosage)).toBe(0);
    // Both limits are inside the range (inclusive), just outside is not.
    expect(medcalcBenchAccuracyCorrected('50.43835', '53.093', dosage)).toBe(1);
    expect(medcalcBenchAccuracyCorrected('55.74765', '53.093', dosage)).toBe(1);
    expect(medcalcBenchAccuracyCorrected('50.4', '53.093', dosage)).toBe(0);
    expect(medcalcBenchAccuracyCorrected(' 38 \n', '38', lab)).toBe(1);
    expect(medcalcBenchAccuracy('38', '38', lab)).toBe(0);
    expect(medcalcBenchAccuracyCorrected('39.9', '38', lab)).toBe(1);
    expect(medcalcBenchAccuracyCorrected('40', '38', lab)).toBe(0);
  });

  it('reads the answer as a bare number, as HELM does: units or words score 0', () => {
    expect(medcalcBenchAccuracyCorrected('53.093 mg', '53.093', dosage)).toBe(0);
    expect(medcalcBenchAccuracyCorrected('about 53', '53.093', dosage)).toBe(0);
    expect(medcalcBenchAccuracyCorrected('', '53.093', dosage)).toBe(0);
    expect(medcalcBenchAccuracyCorrected('nan', '53.093', dosage)).toBe(0);
  });

  it('agrees with HELM on physical rows and on the rule-based categories', () => {
    const physical = { category: 'physical', lower_limit: '68.875', upper_limit: '76.125' };
    for (const answer of ['72.5', '68.875', '76.2', 'x']) {
      expect(medcalcBenchAccuracyCorrected(answer, '72.5', physical)).toBe(
        medcalcBenchAccuracy(answer, '72.5', physical),
      );
    }
    for (const category of ['risk', 'severity', 'diagnosis']) {
      const extra = { category, lower_limit: '3', upper_limit: '3' };
      expect(medcalcBenchAccuracyCorrected(' 3\n', '3', extra)).toBe(1);
      expect(medcalcBenchAccuracyCorrected('3.0', '3', extra)).toBe(0);
      expect(medcalcBenchAccuracyCorrected('4', '3', extra)).toBe(0);
    }
    // Row 120, Wells' criteria (risk, decimal output): still an exact match.
    expect(
      medcalcBenchAccuracyCorrected('1.5', '1.5', {
        category: 'risk',
        lower_limit: '1.425',
        upper_limit: '1.575',
      }),
    ).toBe(1);
  });

  it('strips the reference of a rule-based row too (HELM does not)', () => {
    const extra = { category: 'risk', lower_limit: '3', upper_limit: '3' };
    expect(medcalcBenchAccuracyCorrected('3', '3 ', extra)).toBe(1);
    expect(medcalcBenchAccuracy('3', '3 ', extra)).toBe(0);
  });

  it('compares calendar dates as the same day, padded or not', () => {
    expect(medcalcBenchAccuracyCorrected('09/23/2014', '09/23/2014', dueDate)).toBe(1);
    expect(medcalcBenchAccuracyCorrected('9/23/2014', '09/23/2014', dueDate)).toBe(1);
    // The authors' extraction ignores what follows the date.
    expect(medcalcBenchAccuracyCorrected('09/23/2014.', '09/23/2014', dueDate)).toBe(1);
    expect(medcalcBenchAccuracyCorrected('09/24/2014', '09/23/2014', dueDate)).toBe(0);
    expect(medcalcBenchAccuracyCorrected('09/23/20145', '09/23/2014', dueDate)).toBe(0);
    expect(medcalcBenchAccuracyCorrected('2014-09-23', '09/23/2014', dueDate)).toBe(0);
    expect(medcalcBenchAccuracyCorrected('Sept 23 2014', '09/23/2014', dueDate)).toBe(0);
    // A day that does not exist is no date.
    const leap = { category: 'date', lower_limit: '02/29/2012', upper_limit: '02/29/2012' };
    expect(medcalcBenchAccuracyCorrected('02/29/2012', '02/29/2012', leap)).toBe(1);
    expect(medcalcBenchAccuracyCorrected('02/30/2012', '02/29/2012', leap)).toBe(0);
  });

  it('compares gestational ages as (weeks, days) pairs, as the authors do, not as total days', () => {
    const extra = { category: 'date', lower_limit: gestational, upper_limit: gestational };
    expect(medcalcBenchAccuracyCorrected(gestational, gestational, extra)).toBe(1);
    expect(medcalcBenchAccuracyCorrected('(0, 6)', gestational, extra)).toBe(1);
    expect(medcalcBenchAccuracyCorrected('0 weeks, 6 days', gestational, extra)).toBe(1);
    expect(medcalcBenchAccuracyCorrected('0 weeks 6 days', gestational, extra)).toBe(1);
    expect(medcalcBenchAccuracy('(0, 6)', gestational, extra)).toBe(0);
    // 14 weeks 1 day = 99 days = 13 weeks 8 days: HELM's day count accepts it, the authors' pairs do not.
    const age = "('14 weeks', '1 days')";
    const ageExtra = { category: 'date', lower_limit: age, upper_limit: age };
    expect(medcalcBenchAccuracy("('13 weeks', '8 days')", age, ageExtra)).toBe(1);
    expect(medcalcBenchAccuracyCorrected("('13 weeks', '8 days')", age, ageExtra)).toBe(0);
    // Two numbers are needed, and they must be separate numbers.
    expect(medcalcBenchAccuracyCorrected('14 weeks', age, ageExtra)).toBe(0);
    expect(medcalcBenchAccuracyCorrected('141', age, ageExtra)).toBe(0);
    expect(medcalcBenchAccuracyCorrected('(14, 1)', age, ageExtra)).toBe(1);
  });

  it('throws ScoringError where the data gives nothing to score against', () => {
    expect(() => medcalcBenchAccuracyCorrected('1', '1', { category: 'Physical' })).toThrow(ScoringError);
    expect(() => medcalcBenchAccuracyCorrected('1', '1', {})).toThrow(ScoringError);
    expect(() => medcalcBenchAccuracyCorrected('1', '1', { category: 'lab', upper_limit: '2' })).toThrow(
      ScoringError,
    );
    expect(() =>
      medcalcBenchAccuracyCorrected('1', '1', { category: 'lab', lower_limit: 'x', upper_limit: '2' }),
    ).toThrow(ScoringError);
    expect(() =>
      medcalcBenchAccuracyCorrected('1', 'soon', { category: 'date', lower_limit: '', upper_limit: '' }),
    ).toThrow(ScoringError);
  });
});

describe('medcalcBenchAccuracyCorrectedScorer', () => {
  const scorer = medcalcBenchAccuracyCorrectedScorer();

  function scoreInput(completion: string, instance: Partial<IdentifiedInstance>): ScoreInputV1 {
    return {
      instance: { id: 'id948', input: { text: 'note' }, references: [], split: 'test', ...instance },
      request: {
        prompt: 'note',
        temperature: 0,
        maxTokens: 10,
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

  it('declares its stat and no HELM metric spec, so run_spec.json keeps HELM metric_specs', () => {
    expect(scorer.statNames).toEqual([MEDCALC_BENCH_ACCURACY_CORRECTED]);
    expect(scorer.helmMetricSpecs).toBeUndefined();
  });

  it('scores the first completion against the first reference with the extra data', () => {
    const input = scoreInput('53.093', { references: [reference('53.093', true)], extraData: dosage });
    expect(scorer.score(input)).toEqual({ medcalc_bench_accuracy_corrected: 1 });
  });

  it('gives no stat without references and throws without extra data', () => {
    expect(scorer.score(scoreInput('1', { extraData: dosage }))).toEqual({});
    expect(() => scorer.score(scoreInput('1', { references: [reference('1', true)] }))).toThrow(ScoringError);
  });
});
