import { type IdentifiedInstance, reference, type ScoreInputV1, ScoringError } from '@medhelm/core';
import { describe, expect, it } from 'vitest';
import {
  extractIcdCodes,
  MIMICIV_BILLING_CODE_STAT_NAMES,
  mimicivBillingCodeMetrics,
  mimicivBillingCodeScorer,
} from './mimiciv-billing-code-metrics.ts';

function stats(precision: number, recall: number, f1: number) {
  return {
    mimiciv_billing_code_precision: precision,
    mimiciv_billing_code_recall: recall,
    mimiciv_billing_code_f1: f1,
  };
}

function scoreInput(completion: string, references: IdentifiedInstance['references']): ScoreInputV1 {
  return {
    instance: { id: 'id5', input: { text: 'note' }, references, split: 'test' },
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

describe('extractIcdCodes', () => {
  it("finds HELM's codes: an uppercase letter, 1-3 digits, an optional .1-4 digits", () => {
    expect(extractIcdCodes('I10, J18.9')).toEqual(['I10', 'J18.9']);
    expect(extractIcdCodes('1. I10 - Hypertension\n2. E11.9 - Type 2 DM')).toEqual(['E11.9', 'I10']);
    expect(extractIcdCodes('J45.909, J96.01')).toEqual(['J45.909', 'J96.01']);
    expect(extractIcdCodes('A12-B34 (C1) `D2` ICD10:E3 F4/G5')).toEqual([
      'A12',
      'B34',
      'C1',
      'D2',
      'E3',
      'F4',
      'G5',
    ]);
  });

  it('removes ** first, trailing dots last, and keeps each code once, sorted by code point', () => {
    expect(extractIcdCodes('**I10**, **E11.9**')).toEqual(['E11.9', 'I10']);
    expect(extractIcdCodes('I**10')).toEqual(['I10']);
    expect(extractIcdCodes('I10 I10. I10..')).toEqual(['I10']);
    expect(extractIcdCodes('E11.')).toEqual(['E11']);
    expect(extractIcdCodes('C12.34.')).toEqual(['C12.34']);
    expect(extractIcdCodes('Z79.4,Z79.4.')).toEqual(['Z79.4']);
    expect(extractIcdCodes('E11.65, E11.6')).toEqual(['E11.6', 'E11.65']);
    expect(extractIcdCodes('A\u{1d7d1} A\uff10')).toEqual(['A\uff10', 'A\u{1d7d1}']);
  });

  it('backtracks exactly as Python re does', () => {
    expect(extractIcdCodes('S72.001A')).toEqual(['S72']);
    expect(extractIcdCodes('T84.50XA')).toEqual(['T84']);
    expect(extractIcdCodes('I10.5x')).toEqual(['I10']);
    expect(extractIcdCodes('I10.12345')).toEqual(['I10']);
    expect(extractIcdCodes('B12.3.4')).toEqual(['B12.3']);
    expect(extractIcdCodes('A1.B2')).toEqual(['A1', 'B2']);
  });

  it('misses what the regex misses', () => {
    for (const text of [
      '',
      'Z7901',
      'E1165',
      'I1000',
      'D1234.5',
      'i10',
      'XI10',
      'I10a',
      'E9_',
      'AB12',
      '1A12',
    ]) {
      expect(extractIcdCodes(text)).toEqual([]);
    }
    expect(extractIcdCodes('\uff2910')).toEqual([]); // a full-width I
    expect(extractIcdCodes('\u00e9I10 I10\u00e9')).toEqual([]); // accented letters are word characters
  });

  it("uses Python 3.11's Unicode 14 digits and word characters", () => {
    expect(extractIcdCodes('F\u0663\u0663')).toEqual(['F\u0663\u0663']);
    expect(extractIcdCodes('K\u{1d7d1}\u{1d7d2}')).toEqual(['K\u{1d7d1}\u{1d7d2}']);
    expect(extractIcdCodes('E11.9\u2028I10')).toEqual(['E11.9', 'I10']);
    // U+11F53 (a Kawi digit) was unassigned in Unicode 14: neither a digit nor a word character.
    expect(extractIcdCodes('I1\u{11f53}')).toEqual(['I1']);
    expect(extractIcdCodes('X\u{11f53}I10')).toEqual(['I10']);
  });
});

describe('mimicivBillingCodeMetrics', () => {
  it('computes micro precision, recall and F1 over the distinct codes', () => {
    expect(mimicivBillingCodeMetrics('I10, J18.9', ['I10,E11.9,Z79.4'])).toEqual(stats(0.5, 1 / 3, 0.4));
    expect(mimicivBillingCodeMetrics('I10, I10, I10', ['I10,E11.9'])).toEqual(stats(1, 0.5, 2 / 3));
    expect(mimicivBillingCodeMetrics('I10', ['I10,I10'])).toEqual(stats(1, 1, 1));
    expect(mimicivBillingCodeMetrics('N18.3', ['I10,E11.9,Z79.4,N18.3'])).toEqual(stats(1, 0.25, 0.4));
    expect(mimicivBillingCodeMetrics('A00.0, B99', ['A00.0,B99.9'])).toEqual(stats(0.5, 0.5, 0.5));
  });

  it("rounds F1 in scikit-learn 1.2.1's order of operations (2·p·r/(p+r))", () => {
    // 2·0.4·1/1.4 is 0.5714285714285715; 2tp/(2tp+fp+fn) would be 0.5714285714285714.
    const result = mimicivBillingCodeMetrics('I10 E11.9 Z79.4 N18.3 K21.9', ['I10,E11.9']);
    expect(result).toEqual(stats(0.4, 1, 0.5714285714285715));
  });

  it('takes the codes of every reference and strips the prediction', () => {
    expect(mimicivBillingCodeMetrics(' I10,E11.9\n', ['I10', 'E11.9'])).toEqual(stats(1, 1, 1));
    expect(mimicivBillingCodeMetrics('I10', ['', 'I10'])).toEqual(stats(1, 1, 1));
  });

  it('scores 0 when one side has no code (zero_division=0), also with a single distinct code', () => {
    expect(mimicivBillingCodeMetrics('', ['I10,E11.9'])).toEqual(stats(0, 0, 0));
    expect(mimicivBillingCodeMetrics('E11.65', ['E1165'])).toEqual(stats(0, 0, 0));
    expect(mimicivBillingCodeMetrics('XI10', ['I10'])).toEqual(stats(0, 0, 0));
    expect(mimicivBillingCodeMetrics('I10 E11.9', ['none'])).toEqual(stats(0, 0, 0));
    expect(mimicivBillingCodeMetrics('I10', ['E11.9'])).toEqual(stats(0, 0, 0));
  });

  it('throws a ScoringError where scikit-learn raises: no code on either side', () => {
    expect(() => mimicivBillingCodeMetrics('Z7901', ['Z7901'])).toThrow(ScoringError);
    expect(() => mimicivBillingCodeMetrics('', [''])).toThrow(ScoringError);
  });

  it('returns no stats without references, as HELM does', () => {
    expect(mimicivBillingCodeMetrics('I10', [])).toEqual({});
  });
});

describe('mimicivBillingCodeScorer', () => {
  const scorer = mimicivBillingCodeScorer();

  it("names HELM's metric class and its stats", () => {
    expect(scorer.helmMetricSpecs).toEqual([
      {
        class_name: 'helm.benchmark.metrics.mimiciv_billing_code_metrics.MIMICIVBillingCodeMetric',
        args: {},
      },
    ]);
    expect(scorer.statNames).toEqual([
      'mimiciv_billing_code_precision',
      'mimiciv_billing_code_recall',
      'mimiciv_billing_code_f1',
    ]);
    expect(scorer.statNames).toBe(MIMICIV_BILLING_CODE_STAT_NAMES);
  });

  it('scores the raw completion against every reference, whatever its tags', async () => {
    const references = [reference('I10', true), reference('E11.9', false)];
    expect(await scorer.score(scoreInput('**I10**', references))).toEqual(stats(1, 0.5, 2 / 3));
    expect(await scorer.score(scoreInput('I10', []))).toEqual({});
    expect(() => scorer.score(scoreInput('none', [reference('none', true)]))).toThrow(ScoringError);
  });
});
