import { createSeededRandom } from '@medhelm/core';
import { percentile } from './percentile.ts';

/** Options of {@link bootstrapInterval}. */
export interface BootstrapOptions {
  /** Number of resamples; default 1,000. */
  resamples?: number;
  /** Seed of the resampling; default 0. The same seed gives the same interval. */
  seed?: number;
  /** Coverage of the interval; default 0.95 (the 2.5th and 97.5th percentiles). */
  confidence?: number;
  /** The source of uniform [0, 1) draws; default {@link createSeededRandom}(seed). For tests. */
  random?: () => number;
}

export const DEFAULT_RESAMPLES = 1000;

/**
 * A percentile bootstrap confidence interval of a cell's headline. `groups` holds the per-instance
 * values of each run in the cell (one group for most benchmarks; several when a benchmark has runs
 * per subject, like ehrshot). The cell's value is HELM's: the mean of the runs' means (stats.json
 * holds each run's mean, and summarize merges a cell's runs with equal weight). Each resample
 * redraws every run's instances with replacement, within that run (a stratified bootstrap), and
 * takes the same mean of means. Returns `[low, high]`, or undefined when a run has no values.
 */
export function bootstrapInterval(
  groups: ReadonlyArray<ArrayLike<number>>,
  options: BootstrapOptions = {},
): [number, number] | undefined {
  if (groups.length === 0 || groups.some((group) => group.length === 0)) return undefined;
  const resamples = options.resamples ?? DEFAULT_RESAMPLES;
  const confidence = options.confidence ?? 0.95;
  const random = options.random ?? createSeededRandom(options.seed ?? 0);
  const means = new Float64Array(resamples);
  for (let resample = 0; resample < resamples; resample++) {
    let sumOfMeans = 0;
    for (const group of groups) {
      let sum = 0;
      for (let draw = 0; draw < group.length; draw++) {
        sum += group[Math.floor(random() * group.length)] as number;
      }
      sumOfMeans += sum / group.length;
    }
    means[resample] = sumOfMeans / groups.length;
  }
  means.sort();
  const tail = (1 - confidence) / 2;
  return [percentile(means, tail), percentile(means, 1 - tail)];
}
