import { join } from 'node:path';
import { ScoringError } from '@medhelm/core';
import { pythonStrip } from '@medhelm/python-text';
import { findFidelityDirectory, readConformanceVectors } from '@medhelm/testing';
import { describe, expect, it } from 'vitest';
import { HELM_REFERENCE_METRICS } from './helm-reference-metrics.ts';
import {
  maxRougeScores,
  removeBraces,
  rouge1,
  rouge2,
  rougeL,
  rougeLcs,
  rougeN,
  rougeScores,
  rougeTokenize,
  summarizationRouge,
} from './rouge.ts';

// HELM's vectors, bundled in the repository (@medhelm/fidelity-vectors), so they run on a fresh clone.
const fidelityDirectory = findFidelityDirectory([
  'conformance/rouge.jsonl',
  'conformance/summarization_rouge.jsonl',
]);
const STATS = ['rouge_1', 'rouge_2', 'rouge_l'] as const;

describe('rougeTokenize', () => {
  it('lowercases, splits on anything outside [a-z0-9] and stems words longer than 3 characters', () => {
    expect(rougeTokenize('COVID-19 pneumonia; cats, dogs & bus')).toEqual([
      'covid',
      '19',
      'pneumonia',
      'cat',
      'dog',
      'bus',
    ]);
    expect(rougeTokenize('Sjögren naïve')).toEqual(['sj', 'gren', 'na', 've']);
    expect(rougeTokenize('糖尿病 !!! ')).toEqual([]);
    expect(rougeTokenize('')).toEqual([]);
  });

  it('lowercases as Python does', () => {
    // KELVIN SIGN lowercases to an ASCII k; İ to i + COMBINING DOT ABOVE.
    expect(rougeTokenize('\u212Aidney')).toEqual(['kidney']);
    expect(rougeTokenize('\u0130V')).toEqual(['i', 'v']);
  });
});

describe('rougeScores', () => {
  it('scores identical texts 1 and disjoint or empty ones 0', () => {
    expect(rougeScores('the cat sat', 'The cat sat.')).toEqual({ rouge_1: 1, rouge_2: 1, rouge_l: 1 });
    expect(rougeScores('one', 'two')).toEqual({ rouge_1: 0, rouge_2: 0, rouge_l: 0 });
    expect(rougeScores('one', '')).toEqual({ rouge_1: 0, rouge_2: 0, rouge_l: 0 });
    expect(rougeScores('', '')).toEqual({ rouge_1: 0, rouge_2: 0, rouge_l: 0 });
  });

  it('computes n-gram and LCS F-measures', () => {
    // Unigrams: 3 of 3 predicted, 3 of 4 target -> F = 6/7. Bigrams: ab of {ab, bd} and of
    // {ab, bc, cd} -> P 1/2, R 1/3, F 2/5. LCS "a b d" = 3 -> 6/7.
    const scores = rougeScores('a b c d', 'a b d');
    expect(scores.rouge_1).toBeCloseTo(6 / 7, 15);
    expect(scores.rouge_2).toBeCloseTo(2 / 5, 15);
    expect(scores.rouge_l).toBeCloseTo(6 / 7, 15);
  });

  it('clips repeated n-grams and takes order into account in ROUGE-L', () => {
    // "x" four times against one: overlap 1, P 1/4, R 1 -> 2/5.
    expect(rougeScores('x', 'x x x x').rouge_1).toBeCloseTo(2 / 5, 15);
    const reversed = rougeScores('a b c', 'c b a');
    expect(reversed.rouge_1).toBe(1);
    expect(reversed.rouge_2).toBe(0);
    expect(reversed.rouge_l).toBeCloseTo(1 / 3, 15);
  });

  it('matches words through the stemmer', () => {
    expect(rougeScores('running cats', 'runs cat').rouge_1).toBe(1);
    // "ran" is not stemmed (3 characters) and is not "run".
    expect(rougeScores('ran', 'run').rouge_1).toBe(0);
  });

  it('agrees with the single-stat functions, which take the gold first', () => {
    const gold = 'Take 1 tablet by mouth every 8 hours.';
    const prediction = 'Take one tablet every eight hours by mouth.';
    const scores = rougeScores(gold, prediction);
    expect(rouge1(gold, prediction)).toBe(scores.rouge_1);
    expect(rouge2(gold, prediction)).toBe(scores.rouge_2);
    expect(rougeL(gold, prediction)).toBe(scores.rouge_l);
    // Precision is over the prediction, recall over the gold.
    expect(rougeN(['a'], ['a', 'b'], 1)).toEqual({ precision: 0.5, recall: 1, fmeasure: 2 / 3 });
    expect(rougeLcs(['a', 'b', 'c'], ['a'])).toEqual({ precision: 1, recall: 1 / 3, fmeasure: 0.5 });
  });

  it('computes longer n-grams too', () => {
    // Trigrams: {abc} against {abc, bcd} -> P 1, R 1/2, F 2/3.
    expect(rougeN(['a', 'b', 'c', 'd'], ['a', 'b', 'c'], 3).fmeasure).toBeCloseTo(2 / 3, 15);
    expect(() => rougeN(['a'], ['a'], 0)).toThrow(RangeError);
  });

  it('is registered as HELM reference metrics, refusing an unmapped (None) prediction', () => {
    expect(HELM_REFERENCE_METRICS.rouge_1?.('a b c d', 'a b d')).toBe(rouge1('a b c d', 'a b d'));
    expect(HELM_REFERENCE_METRICS.rouge_2?.('a b c d', 'a b d')).toBe(rouge2('a b c d', 'a b d'));
    expect(HELM_REFERENCE_METRICS.rouge_l?.('a b c d', 'a b d')).toBe(rougeL('a b c d', 'a b d'));
    expect(() => HELM_REFERENCE_METRICS.rouge_l?.('a', null)).toThrow(ScoringError);
  });
});

describe('summarizationRouge', () => {
  it('takes each stat’s max over all references separately', () => {
    // "c b a": R1 1, R2 0, RL 1/3. "a b x y z": R1 1/2, R2 1/3, RL 1/2.
    const scores = summarizationRouge('a b c', ['c b a', 'a b x y z']);
    expect(scores.rouge_1).toBe(1);
    expect(scores.rouge_2).toBeCloseTo(1 / 3, 15);
    expect(scores.rouge_l).toBeCloseTo(1 / 2, 15);
    expect(maxRougeScores(['c b a', 'a b x y z'], 'a b c')).toEqual(scores);
  });

  it('strips the completion and removes one pair of braces', () => {
    expect(removeBraces('{x}')).toBe('x');
    expect(removeBraces('{{x}}')).toBe('{x}');
    expect(removeBraces('x}')).toBe('x');
    expect(removeBraces(' {x} ')).toBe(' {x} ');
    expect(summarizationRouge('  {Braced text}\n', ['{Braced text}'])).toEqual({
      rouge_1: 1,
      rouge_2: 1,
      rouge_l: 1,
    });
  });

  it('refuses an instance without references, as HELM raises', () => {
    expect(() => summarizationRouge('text', [])).toThrow(ScoringError);
    expect(() => maxRougeScores([], 'text')).toThrow(ScoringError);
  });
});

function expectScores(actual: Record<string, number>, expected: Record<string, unknown>): void {
  for (const stat of STATS) {
    expect(Math.abs(actual[stat]! - (expected[stat] as number)), stat).toBeLessThanOrEqual(1e-9);
  }
}

describe.skipIf(fidelityDirectory === undefined)('ROUGE conformance (rouge.jsonl)', () => {
  const vectors =
    fidelityDirectory === undefined
      ? []
      : readConformanceVectors(join(fidelityDirectory, 'conformance', 'rouge.jsonl'));

  it.each(vectors.map((vector) => [vector.line, vector] as const))('line %i', (_line, vector) => {
    // compute_reference_metrics: the stripped completion, the max over the correct references.
    const prediction = pythonStrip(vector.prediction as string);
    const max = (metric: (gold: string, prediction: string) => number) =>
      Math.max(...vector.references.map((gold) => metric(gold, prediction)));
    expectScores({ rouge_1: max(rouge1), rouge_2: max(rouge2), rouge_l: max(rougeL) }, vector.expected);
    expectScores({ ...maxRougeScores(vector.references, prediction) }, vector.expected);
  });
});

describe.skipIf(fidelityDirectory === undefined)(
  'summarization ROUGE conformance (summarization_rouge.jsonl)',
  () => {
    const vectors =
      fidelityDirectory === undefined
        ? []
        : readConformanceVectors(join(fidelityDirectory, 'conformance', 'summarization_rouge.jsonl'));

    it.each(vectors.map((vector) => [vector.line, vector] as const))('line %i', (_line, vector) => {
      expectScores(
        { ...summarizationRouge(vector.prediction as string, vector.references) },
        vector.expected,
      );
    });
  },
);
