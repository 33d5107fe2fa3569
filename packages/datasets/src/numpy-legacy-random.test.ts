import { describe, expect, it } from 'vitest';
import { numpyLegacyPermutation } from './numpy-legacy-random.ts';

describe('numpyLegacyPermutation', () => {
  it("gives numpy's legacy RandomState permutation", () => {
    // numpy: np.random.seed(0); np.random.permutation(10)
    expect(numpyLegacyPermutation(0, 10)).toEqual([2, 8, 4, 9, 1, 6, 7, 3, 0, 5]);
  });

  it('shuffles every index exactly once, and nothing for n 0 or 1', () => {
    const permutation = numpyLegacyPermutation(1, 1000);
    expect([...permutation].sort((a, b) => a - b)).toEqual(Array.from({ length: 1000 }, (_, index) => index));
    expect(numpyLegacyPermutation(1, 0)).toEqual([]);
    expect(numpyLegacyPermutation(1, 1)).toEqual([0]);
  });

  it('refuses a size numpy could not shuffle here', () => {
    expect(() => numpyLegacyPermutation(0, -1)).toThrow(RangeError);
    expect(() => numpyLegacyPermutation(0, 1.5)).toThrow(RangeError);
  });
});
