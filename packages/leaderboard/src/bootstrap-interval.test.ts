import { describe, expect, it } from 'vitest';
import { bootstrapInterval } from './bootstrap-interval.ts';

/** A random source replaying `draws` in order. */
function replay(draws: readonly number[]): () => number {
  let next = 0;
  return () => {
    const draw = draws[next++];
    if (draw === undefined) throw new Error('ran out of draws');
    return draw;
  };
}

describe('bootstrapInterval', () => {
  it('resamples with replacement and takes the percentiles of the resample means', () => {
    // Values [1, 2, 3]; index = floor(draw × 3).
    // Resample 1: draws 0, 0.5, 0.9 → indexes 0, 1, 2 → 1, 2, 3 → mean 2.
    // Resample 2: draws 0.1, 0.1, 0.7 → indexes 0, 0, 2 → 1, 1, 3 → mean 5/3.
    // Sorted means [5/3, 2]. 2.5th percentile at position 0.025: 5/3 + 0.025 × 1/3 = 1.675.
    // 97.5th at position 0.975: 5/3 + 0.975 × 1/3 = 1.991666…
    const interval = bootstrapInterval([[1, 2, 3]], {
      resamples: 2,
      random: replay([0, 0.5, 0.9, 0.1, 0.1, 0.7]),
    });
    expect(interval?.[0]).toBeCloseTo(1.675, 12);
    expect(interval?.[1]).toBeCloseTo(5 / 3 + 0.975 / 3, 12);
  });

  it('resamples each run of a cell within itself and averages the run means (HELM merges runs equally)', () => {
    // Run 1 [0, 1]: draws 0.6, 0.1 → indexes 1, 0 → mean 0.5. Run 2 [10]: draw 0.99 → 10.
    // The cell: (0.5 + 10) / 2 = 5.25; with one resample both bounds are 5.25.
    expect(bootstrapInterval([[0, 1], [10]], { resamples: 1, random: replay([0.6, 0.1, 0.99]) })).toEqual([
      5.25, 5.25,
    ]);
  });

  it('gives a zero-width interval for constant values', () => {
    // 0.75 is exact in binary, so every resample sums to exactly 7.5.
    expect(bootstrapInterval([new Array(10).fill(0.75)], { seed: 3 })).toEqual([0.75, 0.75]);
  });

  it('spans [0, 1] for the two instances 0 and 1 (seeded, 1,000 resamples)', () => {
    // A resample mean is 0 with probability 1/4 and 1 with 1/4, so about 250 of the 1,000 sorted
    // means are 0 and 250 are 1: the 2.5th (position 24.975) and 97.5th (974.025) percentiles fall
    // inside those runs of equal values.
    expect(bootstrapInterval([[0, 1]], { seed: 0 })).toEqual([0, 1]);
  });

  it('is close to the normal interval for 50 correct of 100 (seeded)', () => {
    // p = 0.5, standard error sqrt(0.25 / 100) = 0.05: 0.5 ± 1.96 × 0.05 = [0.402, 0.598].
    const values = Array.from({ length: 100 }, (_, index) => (index < 50 ? 1 : 0));
    const [low, high] = bootstrapInterval([values], { seed: 7 }) ?? [Number.NaN, Number.NaN];
    expect(Math.abs(low - 0.402)).toBeLessThan(0.03);
    expect(Math.abs(high - 0.598)).toBeLessThan(0.03);
  });

  it('is deterministic for a seed', () => {
    const values = Array.from({ length: 40 }, (_, index) => (index * 7) % 5);
    expect(bootstrapInterval([values], { seed: 11 })).toEqual(bootstrapInterval([values], { seed: 11 }));
  });

  it('has no interval when a run has no values', () => {
    expect(bootstrapInterval([[1], []])).toBeUndefined();
    expect(bootstrapInterval([])).toBeUndefined();
  });
});
