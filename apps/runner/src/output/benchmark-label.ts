import type { RunPlan } from '@medhelm/engine';

/**
 * How a run's benchmark is named in the tables: its id, or, for a benchmark configured by run-entry
 * arguments, HELM's run spec name (`ehrshot:subject=lab_anemia`, `med_dialog,subset=icliniq`), so
 * the runs of one benchmark's leaderboard entries can be told apart.
 */
export function benchmarkLabel(plan: RunPlan): string {
  const { benchmark } = plan;
  return benchmark.arguments === undefined ? benchmark.id : (benchmark.helm.runSpecName ?? benchmark.id);
}
