import { createSeededRandom } from '@medhelm/core';
import { describe, expect, it } from 'vitest';
import { lcsLength } from './lcs-length.ts';

/** The textbook quadratic dynamic programme: the oracle the bit-parallel version must equal. */
function quadraticLcs(first: Int32Array, second: Int32Array): number {
  const table = Array.from({ length: first.length + 1 }, () => new Array<number>(second.length + 1).fill(0));
  for (let i = 1; i <= first.length; i++) {
    for (let j = 1; j <= second.length; j++) {
      table[i]![j] =
        first[i - 1] === second[j - 1]
          ? table[i - 1]![j - 1]! + 1
          : Math.max(table[i - 1]![j]!, table[i]![j - 1]!);
    }
  }
  return table[first.length]![second.length]!;
}

describe('lcsLength', () => {
  it('equals the quadratic dynamic programme on random sequences across word boundaries', () => {
    const random = createSeededRandom(7);
    const sequence = (length: number, alphabet: number) =>
      Int32Array.from({ length }, () => Math.floor(random() * alphabet));
    for (let trial = 0; trial < 400; trial++) {
      // Lengths around 31, 32, 33, 64, 65 and beyond, small and large alphabets.
      const first = sequence(Math.floor(random() * 140), 2 + Math.floor(random() * 30));
      const second = sequence(Math.floor(random() * 140), 2 + Math.floor(random() * 30));
      expect(lcsLength(first, second)).toBe(quadraticLcs(first, second));
    }
  });

  it('handles empty, identical and disjoint sequences', () => {
    const abc = Int32Array.from([0, 1, 2]);
    expect(lcsLength(new Int32Array(0), abc)).toBe(0);
    expect(lcsLength(abc, new Int32Array(0))).toBe(0);
    expect(lcsLength(abc, abc)).toBe(3);
    expect(lcsLength(abc, Int32Array.from([5, 6]))).toBe(0);
    const long = Int32Array.from({ length: 100 }, (_, index) => index % 7);
    expect(lcsLength(long, long)).toBe(100);
  });
});
