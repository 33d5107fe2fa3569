import { type BenchmarkV1, ConfigError, type Registry, type ScorerV1 } from '@medhelm/core';
import type { RunPlan } from '@medhelm/engine';
import type { RunConfig } from './run-config.ts';

/** The run config key that adds scorers to every benchmark of the run. */
export const EVERY_BENCHMARK = '*';

/**
 * Adds a run config's extra scorers (`scorers: { <benchmark id>: [<scorer id>, ...] }`) to the
 * plans of those benchmarks (`RunPlan.extraScorers`, not the benchmark's own scorers). They score
 * after the benchmark's own scorers; the engine writes their stats after HELM's in stats.json and
 * per_instance_stats.json. run_spec.json's `metric_specs` come from the benchmark's own scorers and
 * do not change, even for an extra scorer that carries HELM metric specs. A scorer that would add into one of the
 * benchmark's own stats (same id or stat name) is refused, so HELM's numbers cannot move.
 */
export function addExtraScorers(
  plans: readonly RunPlan[],
  config: Pick<RunConfig, 'scorers' | 'path'> | undefined,
  registries: { benchmarks: Registry<BenchmarkV1>; scorers: Registry<ScorerV1> },
): RunPlan[] {
  const mapping = config?.scorers ?? {};
  if (Object.keys(mapping).length === 0) return [...plans];
  for (const benchmarkId of Object.keys(mapping)) {
    if (benchmarkId !== EVERY_BENCHMARK && !registries.benchmarks.has(benchmarkId)) {
      throw new ConfigError(
        `Run config ${config?.path}: "scorers" names unknown benchmark "${benchmarkId}".`,
        {
          hint: `Known benchmarks: ${registries.benchmarks.ids().join(', ')} (or "${EVERY_BENCHMARK}" for all).`,
        },
      );
    }
  }
  return plans.map((plan) => {
    const ids = [...new Set([...(mapping[EVERY_BENCHMARK] ?? []), ...(mapping[plan.benchmark.id] ?? [])])];
    if (ids.length === 0) return plan;
    const extra = ids.map((id) => registries.scorers.get(id));
    for (const scorer of extra)
      checkNoOverlap(plan.benchmark, scorer, registries.scorers.sourceOf(scorer.id));
    return { ...plan, extraScorers: [...(plan.extraScorers ?? []), ...extra] };
  });
}

function checkNoOverlap(benchmark: BenchmarkV1, scorer: ScorerV1, source: string): void {
  const own = new Set(benchmark.scorers.flatMap((existing) => existing.statNames));
  const clash = scorer.statNames.filter((name) => own.has(name));
  if (benchmark.scorers.some((existing) => existing.id === scorer.id) || clash.length > 0) {
    throw new ConfigError(
      `Scorer "${scorer.id}" (${source}) cannot be added to ${benchmark.id}: ${
        clash.length > 0
          ? `its stat(s) ${clash.join(', ')} are already ${benchmark.id}'s own`
          : `${benchmark.id} already runs a scorer with that id`
      }, and extra scorers must not change HELM's numbers.`,
      { hint: 'Give the extra scorer its own stat names (e.g. prefixed with its id).' },
    );
  }
}
