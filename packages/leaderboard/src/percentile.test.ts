import { describe, expect, it } from 'vitest';
import { percentile } from './percentile.ts';

describe('percentile (numpy linear)', () => {
  it('interpolates between the nearest order statistics at p × (n − 1)', () => {
    const sorted = [1, 2, 3, 4];
    // Position 1.5: halfway between 2 and 3.
    expect(percentile(sorted, 0.5)).toBe(2.5);
    // Position 0.075: 1 + 0.075 × (2 − 1).
    expect(percentile(sorted, 0.025)).toBeCloseTo(1.075, 12);
    // Position 2.925: 3 + 0.925 × (4 − 3).
    expect(percentile(sorted, 0.975)).toBeCloseTo(3.925, 12);
    expect(percentile(sorted, 0)).toBe(1);
    expect(percentile(sorted, 1)).toBe(4);
  });

  it('refuses an empty list', () => {
    expect(() => percentile([], 0.5)).toThrow(RangeError);
  });
});
