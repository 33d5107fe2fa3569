import { join } from 'node:path';
import { ScoringError } from '@medhelm/core';
import { pythonStrip } from '@medhelm/python-text';
import { findFidelityDirectory, readConformanceVectors } from '@medhelm/testing';
import { describe, expect, it } from 'vitest';
import {
  bleu1,
  bleu4,
  brevityPenalty,
  closestRefLength,
  modifiedPrecision,
  PYTHON_FLOAT_MIN,
  pythonFsum,
  sentenceBleu,
} from './bleu.ts';
import { HELM_REFERENCE_METRICS } from './helm-reference-metrics.ts';

// HELM's vectors, bundled in the repository (@medhelm/fidelity-vectors), so they run on a fresh clone.
const fidelityDirectory = findFidelityDirectory(['conformance/bleu.jsonl']);
const vectors =
  fidelityDirectory === undefined
    ? []
    : readConformanceVectors(join(fidelityDirectory, 'conformance', 'bleu.jsonl'));

const words = (text: string): string[] => text.split(' ');

// nltk's bleu_score documentation examples.
const reference1 = words(
  'It is a guide to action that ensures that the military will forever heed Party commands',
);
const reference2 = words(
  'It is the guiding principle which guarantees the military forces always being under the command of the Party',
);
const reference3 = words('It is the practical guide for the army always to heed the directions of the party');
const hypothesis1 = words(
  'It is a guide to action which ensures that the military always obeys the commands of the party',
);

/** A straightforward modified precision over JSON-keyed n-grams, to check the fast one against. */
function naiveModifiedPrecision(references: string[][], hypothesis: string[], n: number): [number, number] {
  const count = (tokens: string[]): Map<string, number> => {
    const counts = new Map<string, number>();
    for (let index = 0; index + n <= tokens.length; index++) {
      const key = JSON.stringify(tokens.slice(index, index + n));
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    return counts;
  };
  const counts = count(hypothesis);
  const referenceCounts = references.map(count);
  let numerator = 0;
  let total = 0;
  for (const [key, value] of counts) {
    numerator += Math.min(value, Math.max(0, ...referenceCounts.map((counts) => counts.get(key) ?? 0)));
    total += value;
  }
  return [numerator, Math.max(1, total)];
}

describe('modifiedPrecision', () => {
  it('clips each n-gram by its largest count in any one reference', () => {
    const precision = modifiedPrecision(
      [words('the cat is on the mat'), words('there is a cat on the mat')],
      words('the the the the the the the'),
      1,
    );
    expect(precision).toEqual({ numerator: 2, denominator: 7 });
  });

  it('reproduces nltk’s documented precisions', () => {
    const references = [reference1, reference2, reference3];
    const unigram = modifiedPrecision(references, hypothesis1, 1);
    expect(unigram.numerator / unigram.denominator).toBeCloseTo(0.9444444444444444, 15);
    const bigram = modifiedPrecision(references, hypothesis1, 2);
    expect(bigram.numerator / bigram.denominator).toBeCloseTo(0.5882352941176471, 15);
    expect(modifiedPrecision(references, words('of the'), 2)).toEqual({ numerator: 1, denominator: 1 });
  });

  it('keeps a denominator of at least 1 when the hypothesis is shorter than n', () => {
    expect(modifiedPrecision([words('a b c')], words('a b'), 3)).toEqual({ numerator: 0, denominator: 1 });
    expect(modifiedPrecision([words('a b c')], [], 1)).toEqual({ numerator: 0, denominator: 1 });
  });

  it('agrees with a naive count on random token sequences', () => {
    let seed = 12345;
    const random = (limit: number): number => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed % limit;
    };
    const vocabulary = ['a', 'b', 'c', 'd', 'a b', '1:a', ',', 'ab'];
    const sequence = (): string[] =>
      Array.from({ length: random(14) }, () => vocabulary[random(vocabulary.length)] as string);
    for (let trial = 0; trial < 300; trial++) {
      const references = Array.from({ length: 1 + random(3) }, sequence);
      const hypothesis = sequence();
      for (let n = 1; n <= 4; n++) {
        const { numerator, denominator } = modifiedPrecision(references, hypothesis, n);
        expect([numerator, denominator]).toEqual(naiveModifiedPrecision(references, hypothesis, n));
      }
    }
  });
});

describe('closestRefLength and brevityPenalty', () => {
  it('picks the closest reference length, the shorter one on a tie', () => {
    expect(closestRefLength([words('a b c'), words('a b c d e')], 4)).toBe(3);
    expect(closestRefLength([words('a b c d e'), words('a b')], 5)).toBe(5);
    expect(() => closestRefLength([], 3)).toThrow(RangeError);
  });

  it('penalizes only hypotheses no longer than the reference', () => {
    expect(brevityPenalty(8, 9)).toBe(1);
    expect(brevityPenalty(8, 8)).toBe(1);
    expect(brevityPenalty(8, 5)).toBe(Math.exp(1 - 8 / 5));
    expect(brevityPenalty(8, 0)).toBe(0);
  });
});

describe('pythonFsum', () => {
  it('rounds the exact sum once, like math.fsum', () => {
    expect(pythonFsum(Array.from({ length: 10 }, () => 0.1))).toBe(1);
    expect(pythonFsum([1e100, 1, -1e100, 1e-100, 1e50, -1, -1e50])).toBe(1e-100);
    expect(pythonFsum([2 ** 53, 1, 1e-16])).toBe(2 ** 53 + 2);
    expect(pythonFsum([])).toBe(0);
    expect(pythonFsum([-0, -0])).toBe(0);
  });
});

describe('sentenceBleu', () => {
  it('reproduces nltk’s documented score', () => {
    expect(sentenceBleu([reference1, reference2, reference3], hypothesis1)).toBeCloseTo(
      0.5045666840058485,
      12,
    );
  });

  it('is 1 for an exact match and 0 without any unigram match or for an empty hypothesis', () => {
    expect(sentenceBleu([words('a b c d e')], words('a b c d e'), [0, 0, 0, 1])).toBe(1);
    expect(sentenceBleu([words('a b c')], words('x y z'), [1, 0, 0, 0])).toBe(0);
    expect(sentenceBleu([words('a b c')], [], [1, 0, 0, 0])).toBe(0);
  });

  it('replaces a zero precision by sys.float_info.min instead of returning 0', () => {
    const score = sentenceBleu([words('a b c d e')], words('a b c x e'), [0, 0, 0, 1]);
    expect(score).toBe(Math.exp(Math.log(PYTHON_FLOAT_MIN)));
    expect(score).toBeGreaterThan(0);
    // Shorter than 4 tokens: no 4-gram at all, so even an exact match scores ~2.2e-308 × BP.
    expect(sentenceBleu([words('a b c')], words('a b c'), [0, 0, 0, 1])).toBe(
      Math.exp(Math.log(PYTHON_FLOAT_MIN)),
    );
  });

  it('applies the brevity penalty with the closest reference length', () => {
    expect(sentenceBleu([words('a b c d e f g h')], words('a b c d e'), [1, 0, 0, 0])).toBe(
      Math.exp(1 - 8 / 5),
    );
    expect(
      sentenceBleu([words('a b c d e f g h'), words('a b c d e f')], words('a b c d e'), [1, 0, 0, 0]),
    ).toBe(Math.exp(1 - 6 / 5));
  });

  it('refuses what nltk cannot compute', () => {
    expect(() => sentenceBleu([], words('a'), [1])).toThrow(RangeError);
    expect(() => sentenceBleu([words('a')], words('a'), [])).toThrow(RangeError);
  });
});

describe('bleu1 and bleu4 (HELM reference metrics)', () => {
  it('score word_tokenize tokens against one gold', () => {
    expect(bleu1('The patient was discharged.', 'The patient was discharged.')).toBe(1);
    expect(bleu4('The patient was discharged.', 'The patient was discharged.')).toBe(1);
    // 5 of 5 tokens match but the gold has 8: only the brevity penalty applies.
    expect(bleu1('He was discharged home in good condition.', 'He was discharged home.')).toBe(
      Math.exp(1 - 8 / 5),
    );
    expect(bleu1('Gold answer.', '')).toBe(0);
  });

  it('are HELM_REFERENCE_METRICS bleu_1 and bleu_4, which refuse an unmapped (None) prediction', () => {
    expect(HELM_REFERENCE_METRICS.bleu_1?.('a b c d', 'a b d')).toBe(bleu1('a b c d', 'a b d'));
    expect(HELM_REFERENCE_METRICS.bleu_4?.('a b c d e', 'a b c d e')).toBe(1);
    expect(() => HELM_REFERENCE_METRICS.bleu_4?.('a', null)).toThrow(ScoringError);
  });
});

describe.skipIf(fidelityDirectory === undefined)('bleu1/bleu4 conformance (bleu.jsonl)', () => {
  it.each(vectors.map((vector) => [vector.line, vector] as const))('line %i', (_line, vector) => {
    const prediction = pythonStrip(vector.prediction as string);
    const scores = {
      bleu_1: Math.max(...vector.references.map((gold) => bleu1(gold, prediction))),
      bleu_4: Math.max(...vector.references.map((gold) => bleu4(gold, prediction))),
    };
    expect(Math.abs(scores.bleu_1 - (vector.expected.bleu_1 as number))).toBeLessThanOrEqual(1e-9);
    expect(Math.abs(scores.bleu_4 - (vector.expected.bleu_4 as number))).toBeLessThanOrEqual(1e-9);
  });
});
