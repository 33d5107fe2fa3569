import { describe, expect, it } from 'vitest';
import { pairedSignFlipTest } from './paired-sign-flip-test.ts';

describe('pairedSignFlipTest', () => {
  it('enumerates every sign pattern for a few pairs', () => {
    // [1, 1, 1]: of the 8 patterns only +++ and --- reach |sum| = 3: p = 2/8.
    expect(pairedSignFlipTest([1, 1, 1])).toEqual({ n: 3, meanDifference: 1, pValue: 0.25, method: 'exact' });
    // [1, 2, 3, 4]: sum 10; only ++++ and ---- reach |sum| 10: p = 2/16; mean 2.5.
    expect(pairedSignFlipTest([1, 2, 3, 4])).toEqual({
      n: 4,
      meanDifference: 2.5,
      pValue: 0.125,
      method: 'exact',
    });
  });

  it('counts the patterns at least as extreme as observed, both signs', () => {
    // [2, -1, 1]: sum 2. The 8 sums of ±2 ±1 ±1 are 4, 2, 2, 0, 0, -2, -2, -4; six have |sum| ≥ 2.
    expect(pairedSignFlipTest([2, -1, 1])?.pValue).toBe(0.75);
    // [3, -1]: sums 2, 4, -2, -4: all reach 2.
    expect(pairedSignFlipTest([3, -1])?.pValue).toBe(1);
  });

  it('gives p = 1 when the models never differ', () => {
    expect(pairedSignFlipTest([0, 0, 0])).toEqual({ n: 3, meanDifference: 0, pValue: 1, method: 'exact' });
  });

  it('samples seeded sign patterns for many pairs, never answering 0', () => {
    // 20 differences of 1: only 2 of the 2^20 patterns reach |sum| = 20, so almost no random
    // pattern does and p = (1 + hits) / (1 + 10,000) is about 1/10,001.
    const ones = new Array(20).fill(1);
    const sampled = pairedSignFlipTest(ones);
    expect(sampled?.method).toBe('permutation');
    expect(sampled?.pValue).toBeGreaterThanOrEqual(1 / 10_001);
    expect(sampled?.pValue).toBeLessThan(0.001);
    // Enumerated instead: exactly 2 / 2^20.
    expect(pairedSignFlipTest(ones, { exactUpTo: 20 })?.pValue).toBe(2 / 2 ** 20);
  });

  it('finds no difference between a model and a shuffled copy of its signs (seeded)', () => {
    // Alternating +1 and −1: sum 0, so every pattern reaches |sum| ≥ 0 and p = (1 + R)/(1 + R) = 1.
    const alternating = Array.from({ length: 30 }, (_, index) => (index % 2 === 0 ? 1 : -1));
    expect(pairedSignFlipTest(alternating, { permutations: 500 })?.pValue).toBe(1);
  });

  it('has no result without pairs', () => {
    expect(pairedSignFlipTest([])).toBeUndefined();
  });
});
