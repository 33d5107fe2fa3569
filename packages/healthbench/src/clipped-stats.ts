import { MersenneTwister, numpyRandomInterval } from '@medhelm/datasets';
import { numpyMean, numpyStd } from './numpy-pairwise-sum.ts';

/** How many resamples simple-evals' bootstrap draws per metric. */
export const HEALTHBENCH_BOOTSTRAP_RESAMPLES = 1000;

/** One metric's aggregate (`_compute_clipped_stats` for `mean`, `n_samples`, `bootstrap_std`). */
export interface ClippedStats {
  /** `np.clip(np.mean(values), 0, 1)`. */
  readonly mean: number;
  readonly nSamples: number;
  /** Population std of 1000 clipped means of resamples with replacement. */
  readonly bootstrapStd: number;
  /** How many of those resample means were clipped (for information). */
  readonly clippedBootstrapMeans: number;
}

/**
 * numpy's global legacy generator as simple-evals' bootstrap draws from it: MT19937 seeded with
 * `np.random.seed(seed)`. simple-evals never seeds it (its std changes run to run); MedHELM seeds
 * it, so a run's std repeats.
 */
export function createBootstrapGenerator(seed: number): MersenneTwister {
  return new MersenneTwister(seed);
}

/**
 * `_compute_clipped_stats` of healthbench_eval.py:212-228 for one metric's values: the clipped
 * mean, the count, and the bootstrap std, whose 1000 resamples are `np.random.choice(values, n)`
 * (n masked rejection draws each; none when n is 1) from `generator`, in that order.
 */
export function clippedStats(values: readonly number[], generator: MersenneTwister): ClippedStats {
  const n = values.length;
  const resampleMeans: number[] = [];
  let clippedBootstrapMeans = 0;
  for (let resample = 0; resample < HEALTHBENCH_BOOTSTRAP_RESAMPLES; resample++) {
    const drawn = Array.from({ length: n }, () => values[numpyRandomInterval(generator, n - 1)]!);
    const mean = numpyMean(drawn);
    if (mean < 0 || mean > 1) clippedBootstrapMeans++;
    resampleMeans.push(clip(mean));
  }
  return {
    mean: clip(numpyMean(values)),
    nSamples: n,
    bootstrapStd: numpyStd(resampleMeans),
    clippedBootstrapMeans,
  };
}

/** `np.clip(x, 0, 1)`. */
function clip(value: number): number {
  return Math.min(Math.max(value, 0), 1);
}
