import {
  addToStat,
  type DeriveStatsContextV1,
  emptyStat,
  type IdentifiedInstance,
  type MetricName,
  mergeStats,
  type Perturbation,
  type ScorerV1,
  type ScoreValuesV1,
  type Stat,
  statOf,
  takeMean,
} from '@medhelm/core';
import {
  accumulatedStat,
  accumulatorOf,
  addValue,
  FAIRNESS_WORST,
  ROBUSTNESS_WORST,
  type StatAccumulator,
} from './stat-accumulator.ts';

interface Context {
  key: string;
  split: string;
  subSplit: string | undefined;
  instanceCount: number;
  /** Each scored instance's values, in order, kept only for a scorer with `aggregateStats`. */
  scoredValues: ScoreValuesV1[];
  /** The accumulators of each stat name in this context: HELM's trial stat and its worst-case copies. */
  byName: Map<
    string,
    { trial: StatAccumulator; worst?: [robustness: StatAccumulator, fairness: StatAccumulator] }
  >;
}

/**
 * HELM's `Metric.evaluate` for one scorer and one train trial, fed one instance at a time:
 * per-instance stats tagged with the instance's split; merged by MetricName in order of first
 * appearance; `derive_stats` per context; worst-case robustness/fairness copies (with no
 * perturbations, the per-instance minimum of each stat that has a value); then `take_mean` of
 * every trial stat. Memory grows with the number of stat names, not of instances; nothing is
 * allocated per value but the per-instance stats returned for per_instance_stats.json.
 */
export class ScorerStatsAggregator {
  private readonly trial = new Map<string, StatAccumulator>();
  private readonly worst = new Map<string, StatAccumulator>();
  private readonly contexts = new Map<string, Context>();

  constructor(private readonly scorer: ScorerV1) {}

  /** Adds one instance's values; returns its per-instance stats (for per_instance_stats.json). */
  add(instance: IdentifiedInstance, values: ScoreValuesV1): Stat[] {
    const context = this.contextOf(instance);
    context.instanceCount++;
    if (this.scorer.aggregateStats !== undefined) context.scoredValues.push(values);
    const stats: Stat[] = [];
    for (const name in values) {
      const value = values[name];
      let entry = context.byName.get(name);
      if (entry === undefined) {
        const key = `${context.key}\u0000${name}`;
        entry = { trial: accumulatorOf(this.trial, key, withContext(name, context)) };
        context.byName.set(name, entry);
      }
      if (value === null || value === undefined) {
        stats.push(emptyStat(entry.trial.name));
        continue;
      }
      const x = typeof value === 'boolean' ? (value ? 1 : 0) : value;
      stats.push(singleValueStat(entry.trial.name, x));
      addValue(entry.trial, x);
      // The worst case over no perturbations is the instance's own value (HELM: min over one);
      // HELM has these copies only for stats that got a value.
      entry.worst ??= this.worstCopies(entry.trial.name, `${context.key}\u0000${name}`);
      addValue(entry.worst[0], x);
      addValue(entry.worst[1], x);
    }
    return stats;
  }

  private worstCopies(name: MetricName, key: string): [StatAccumulator, StatAccumulator] {
    return [
      accumulatorOf(this.worst, `${key}\u0000r`, { ...name, perturbation: ROBUSTNESS_WORST }),
      accumulatorOf(this.worst, `${key}\u0000f`, { ...name, perturbation: FAIRNESS_WORST }),
    ];
  }

  /** Counts an instance that got no stats from this scorer (it raised), for context sizes. */
  addUnscored(instance: IdentifiedInstance): void {
    this.contextOf(instance).instanceCount++;
  }

  /** The aggregated stats, in HELM's order, as they go to stats.json. */
  finish(): Stat[] {
    const trial = new Map<string, Stat>();
    for (const [key, accumulator] of this.trial) trial.set(key, accumulatedStat(accumulator));
    if (this.scorer.deriveStats !== undefined) {
      for (const context of this.contexts.values()) {
        const merged = new Map<string, Stat>();
        for (const stat of trial.values()) {
          if (stat.name.split === context.split && stat.name.sub_split === context.subSplit) {
            merged.set(stat.name.name, stat);
          }
        }
        addCorpusStats(trial, context, this.scorer.deriveStats(merged, deriveContext(context)));
      }
    }
    if (this.scorer.aggregateStats !== undefined) {
      for (const context of this.contexts.values()) {
        addCorpusStats(
          trial,
          context,
          this.scorer.aggregateStats(context.scoredValues, deriveContext(context)),
        );
      }
    }
    for (const [key, accumulator] of this.worst) trial.set(key, accumulatedStat(accumulator));
    return [...trial.values()].map(takeMean);
  }

  private contextOf(instance: IdentifiedInstance): Context {
    const key =
      instance.subSplit === undefined ? instance.split : `${instance.split}\u0000${instance.subSplit}`;
    let context = this.contexts.get(key);
    if (context === undefined) {
      context = {
        key,
        split: instance.split,
        subSplit: instance.subSplit,
        instanceCount: 0,
        scoredValues: [],
        byName: new Map(),
      };
      this.contexts.set(key, context);
    }
    return context;
  }
}

/** What `deriveStats` and `aggregateStats` are told of a context. */
function deriveContext(context: Context): DeriveStatsContextV1 {
  return {
    split: context.split,
    ...(context.subSplit === undefined ? {} : { subSplit: context.subSplit }),
    instanceCount: context.instanceCount,
  };
}

/** Adds a context's corpus-level values as stats (merged into a stat of the same name). */
function addCorpusStats(trial: Map<string, Stat>, context: Context, values: ScoreValuesV1): void {
  for (const [name, value] of Object.entries(values)) {
    const metricName = withContext(name, context);
    const x = typeof value === 'boolean' ? (value ? 1 : 0) : value;
    const stat = x === null ? emptyStat(metricName) : statOf(metricName, x);
    const key = `${context.key}\u0000${name}`;
    const existing = trial.get(key);
    trial.set(key, existing === undefined ? stat : mergeStats(existing, stat));
  }
}

function withContext(name: string, context: Context): MetricName {
  return {
    name,
    split: context.split,
    ...(context.subSplit === undefined ? {} : { sub_split: context.subSplit }),
  };
}

/**
 * HELM's `Stat(name).add(x)`: count 1, so mean = x / 1 = x and variance = max(0, x*x/1 - x*x) = 0
 * exactly; built directly rather than through the general arithmetic, once per value.
 */
function singleValueStat(name: MetricName, x: number): Stat {
  return { name, count: 1, sum: x, sum_squared: x * x, min: x, max: x, mean: x, variance: 0, stddev: 0 };
}

/**
 * HELM's InstancesPerSplitMetric for one train trial: `num_instances` per context (split,
 * sub-split and, in runs HELM wrote with perturbations, the perturbation), as a count-1 stat.
 * The writer counts its completed instances; `medhelm verify` counts scenario_state.json's.
 */
export function instancesPerSplitStats(
  counts: ReadonlyMap<
    string,
    { split: string; subSplit?: string; perturbation?: Perturbation; count: number }
  >,
): Stat[] {
  return [...counts.values()].map((context) =>
    takeMean(
      addToStat(
        emptyStat({
          name: 'num_instances',
          split: context.split,
          ...(context.subSplit === undefined ? {} : { sub_split: context.subSplit }),
          ...(context.perturbation === undefined ? {} : { perturbation: context.perturbation }),
        }),
        context.count,
      ),
    ),
  );
}
