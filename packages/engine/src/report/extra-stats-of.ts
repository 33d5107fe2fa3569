import type { Stat } from '@medhelm/core';
import type { RunPlan } from '../plan/plan-runs.ts';
import type { RunOutcome } from '../run-outcome.ts';

/**
 * The means of the run's extra scorers' stats (`RunPlan.extraScorers`, a run config's `scorers`)
 * on the headline's split, scorer by scorer in `statNames` order; `value` undefined without stats
 * (an interrupted run) or when no instance gave the stat a value.
 */
export function extraStatsOf(plan: RunPlan, stats: readonly Stat[] | undefined): RunOutcome['extraStats'] {
  const { split } = plan.benchmark.mainMetric;
  return (plan.extraScorers ?? []).flatMap((scorer) =>
    scorer.statNames.map((name) => ({
      scorerId: scorer.id,
      name,
      split,
      value: stats?.find(
        (stat) =>
          stat.name.name === name &&
          stat.name.split === split &&
          stat.name.sub_split === undefined &&
          stat.name.perturbation === undefined,
      )?.mean,
    })),
  );
}
