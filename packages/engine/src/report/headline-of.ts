import type { BenchmarkV1, Stat } from '@medhelm/core';
import type { RunOutcome } from '../run-outcome.ts';

/**
 * The benchmark's headline (and corrected headline) from a run's stats: the mean of the named
 * stat on its split without sub-split or perturbation; `value` undefined without stats (an
 * interrupted run) or when the stat could not be computed.
 */
export function headlineOf(
  benchmark: BenchmarkV1,
  stats: readonly Stat[] | undefined,
): RunOutcome['headline'] {
  const meanOf = (metric: { name: string; split: string }) =>
    stats?.find(
      (stat) =>
        stat.name.name === metric.name &&
        stat.name.split === metric.split &&
        stat.name.sub_split === undefined &&
        stat.name.perturbation === undefined,
    )?.mean;
  const main = { name: benchmark.mainMetric.name, split: benchmark.mainMetric.split };
  const corrected = benchmark.correctedMetric;
  return {
    ...main,
    value: meanOf(main),
    // Our corrected counterpart of the headline, beside HELM's (medhelm_run.json carries it too).
    ...(corrected === undefined
      ? {}
      : { corrected: { name: corrected.name, split: corrected.split, value: meanOf(corrected) } }),
  };
}
