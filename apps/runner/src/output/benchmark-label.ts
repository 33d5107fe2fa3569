import { benchmarkName } from '@medhelm/core';
import type { RunPlan } from '@medhelm/engine';

/**
 * How a run's benchmark is named in the tables: its id (a user-defined benchmark: its YAML's
 * `name`), or, for a benchmark configured by run-entry arguments, HELM's run spec name (`ehrshot:subject=lab_anemia`, `med_dialog,subset=icliniq`), so
 * the runs of one benchmark's leaderboard entries can be told apart; a run of an opt-in variant
 * adds `@<variant>` (`pubmed_qa@quasi-exact-match`, as `--benchmarks` takes it), so its numbers are
 * never read as HELM's.
 */
export function benchmarkLabel(plan: RunPlan): string {
  const { benchmark, variant } = plan;
  const label =
    benchmark.arguments === undefined
      ? benchmarkName(benchmark)
      : (benchmark.helm.runSpecName ?? benchmark.id);
  return variant === undefined ? label : `${label}@${variant}`;
}
