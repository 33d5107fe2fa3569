import { describe, expect, it } from 'vitest';
import { clippedStats, createBootstrapGenerator } from './clipped-stats.ts';
import { numpyPairwiseSum } from './numpy-pairwise-sum.ts';

describe('numpyPairwiseSum', () => {
  it("adds in numpy's pairwise order, which differs from a left-to-right sum in the last bits", () => {
    // numpy 2.4: float(np.sum(x)) for x = [1/(i+3) for i in range(n)]; Python's sum(x) differs.
    const values = (n: number) => Array.from({ length: n }, (_, index) => 1 / (index + 3));
    expect(numpyPairwiseSum(values(20))).toBe(2.190813250217275);
    expect(numpyPairwiseSum(values(300))).toBe(4.789297397713862);
  });
});

describe('clippedStats', () => {
  it("reproduces numpy's seeded bootstrap std of clipped means", () => {
    // numpy 2.4: np.random.seed(7); np.std([np.clip(np.mean(np.random.choice(v, 5)), 0, 1) for _ in range(1000)]).
    const stats = clippedStats([0.1, 0.7, -0.3, 0.25, 1.0], createBootstrapGenerator(7));
    expect(stats.bootstrapStd).toBe(0.20339577183412638);
    expect(stats.mean).toBe(0.35);
    expect(stats.nSamples).toBe(5);
  });

  it('clips a negative mean to 0 and draws nothing for one value', () => {
    const generator = createBootstrapGenerator(1);
    expect(clippedStats([-2], generator)).toEqual({
      mean: 0,
      nSamples: 1,
      bootstrapStd: 0,
      clippedBootstrapMeans: 1000,
    });
  });
});
