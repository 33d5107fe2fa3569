import { emptyStat, type MetricName, mergeStats, type Stat } from '@medhelm/core';

/** HELM's worst-case perturbation of robustness (`compute_worst_case_metrics`), as written to stats.json. */
export const ROBUSTNESS_WORST = {
  name: 'robustness',
  robustness: true,
  fairness: false,
  computed_on: 'worst',
};
/** HELM's worst-case perturbation of fairness, as written to stats.json. */
export const FAIRNESS_WORST = { name: 'fairness', robustness: false, fairness: true, computed_on: 'worst' };

/**
 * HELM's sufficient statistics of one Stat, added to in place. Values are added in the order HELM
 * adds them (`sum += x`, `sum_squared += x * x`), so the totals are bit-identical to HELM's.
 * Shared by the writer (one value at a time) and `medhelm verify` (the per-instance Stats read back),
 * so both add with the same arithmetic.
 */
export interface StatAccumulator {
  name: MetricName;
  count: number;
  sum: number;
  sumSquared: number;
  min: number | undefined;
  max: number | undefined;
}

/** The accumulator under `key`, created empty (named `name`) on first use. */
export function accumulatorOf(
  map: Map<string, StatAccumulator>,
  key: string,
  name: MetricName,
): StatAccumulator {
  let accumulator = map.get(key);
  if (accumulator === undefined) {
    accumulator = { name, count: 0, sum: 0, sumSquared: 0, min: undefined, max: undefined };
    map.set(key, accumulator);
  }
  return accumulator;
}

/** HELM's `Stat.add(x)` for a number, in place. */
export function addValue(accumulator: StatAccumulator, x: number): void {
  accumulator.count++;
  accumulator.sum += x;
  accumulator.sumSquared += x * x;
  accumulator.min = accumulator.min === undefined ? x : Math.min(accumulator.min, x);
  accumulator.max = accumulator.max === undefined ? x : Math.max(accumulator.max, x);
}

/**
 * HELM's `Stat.merge(other)`, in place. For a one-value Stat (`sum` x, `sum_squared` x * x) it
 * performs exactly the operations of {@link addValue}(x), so merging per-instance Stats read from
 * per_instance_stats.json gives the writer's totals bit for bit.
 */
export function mergeIntoAccumulator(accumulator: StatAccumulator, stat: Stat): void {
  accumulator.count += stat.count;
  accumulator.sum += stat.sum;
  accumulator.sumSquared += stat.sum_squared;
  if (stat.min !== undefined) {
    accumulator.min = accumulator.min === undefined ? stat.min : Math.min(accumulator.min, stat.min);
  }
  if (stat.max !== undefined) {
    accumulator.max = accumulator.max === undefined ? stat.max : Math.max(accumulator.max, stat.max);
  }
}

/** The Stat of an accumulator, with HELM's derived fields (mean, variance, stddev). */
export function accumulatedStat(accumulator: StatAccumulator): Stat {
  const empty = emptyStat(accumulator.name);
  if (accumulator.count === 0) return empty;
  return mergeStats(empty, {
    name: accumulator.name,
    count: accumulator.count,
    sum: accumulator.sum,
    sum_squared: accumulator.sumSquared,
    ...(accumulator.min === undefined ? {} : { min: accumulator.min }),
    ...(accumulator.max === undefined ? {} : { max: accumulator.max }),
  });
}
