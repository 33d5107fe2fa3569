import {
  addToStat,
  emptyStat,
  type IdentifiedInstance,
  type MetricName,
  mergeStats,
  metricNameKey,
  type ScorerV1,
  type ScoreValuesV1,
  type Stat,
  statOf,
  takeMean,
} from '@medhelm/core';

const ROBUSTNESS_WORST = { name: 'robustness', robustness: true, fairness: false, computed_on: 'worst' };
const FAIRNESS_WORST = { name: 'fairness', robustness: false, fairness: true, computed_on: 'worst' };

interface Context {
  split: string;
  subSplit: string | undefined;
  instanceCount: number;
}

/**
 * HELM's `Metric.evaluate` for one scorer and one train trial, fed one instance at a time:
 * per-instance stats tagged with the instance's split; merged by MetricName in order of first
 * appearance; `derive_stats` per context; worst-case robustness/fairness copies (with no
 * perturbations, the per-instance minimum of each stat that has a value); then `take_mean` of
 * every trial stat. Memory grows with the number of stat names, not of instances.
 */
export class ScorerStatsAggregator {
  private readonly trialStats = new Map<string, Stat>();
  private readonly worstStats = new Map<string, Stat>();
  private readonly contexts = new Map<string, Context>();

  constructor(private readonly scorer: ScorerV1) {}

  /** Adds one instance's values; returns its per-instance stats (for per_instance_stats.json). */
  add(instance: IdentifiedInstance, values: ScoreValuesV1): Stat[] {
    const context = this.contextOf(instance);
    context.instanceCount++;
    const stats: Stat[] = [];
    for (const [name, value] of Object.entries(values)) {
      const metricName = withContext({ name }, context);
      const stat = value === null ? emptyStat(metricName) : statOf(metricName, value);
      stats.push(stat);
      mergeInto(this.trialStats, stat);
      if (stat.count > 0 && stat.min !== undefined) {
        for (const perturbation of [ROBUSTNESS_WORST, FAIRNESS_WORST]) {
          mergeInto(this.worstStats, statOf({ ...metricName, perturbation }, stat.min));
        }
      }
    }
    return stats;
  }

  /** Counts an instance that got no stats from this scorer (it raised), for context sizes. */
  addUnscored(instance: IdentifiedInstance): void {
    this.contextOf(instance).instanceCount++;
  }

  /** The aggregated stats, in HELM's order, as they go to stats.json. */
  finish(): Stat[] {
    const trial = new Map(this.trialStats);
    if (this.scorer.deriveStats !== undefined) {
      for (const context of this.contexts.values()) {
        const merged = new Map<string, Stat>();
        for (const stat of this.trialStats.values()) {
          if (stat.name.split === context.split && stat.name.sub_split === context.subSplit) {
            merged.set(stat.name.name, stat);
          }
        }
        const derived = this.scorer.deriveStats(merged, {
          split: context.split,
          ...(context.subSplit === undefined ? {} : { subSplit: context.subSplit }),
          instanceCount: context.instanceCount,
        });
        for (const [name, value] of Object.entries(derived)) {
          const metricName = withContext({ name }, context);
          mergeInto(trial, value === null ? emptyStat(metricName) : statOf(metricName, value));
        }
      }
    }
    for (const stat of this.worstStats.values()) mergeInto(trial, stat);
    return [...trial.values()].map(takeMean);
  }

  private contextOf(instance: IdentifiedInstance): Context {
    const key = JSON.stringify([instance.split, instance.subSplit ?? null]);
    let context = this.contexts.get(key);
    if (context === undefined) {
      context = { split: instance.split, subSplit: instance.subSplit, instanceCount: 0 };
      this.contexts.set(key, context);
    }
    return context;
  }
}

function withContext(name: { name: string }, context: Context): MetricName {
  return {
    name: name.name,
    split: context.split,
    ...(context.subSplit === undefined ? {} : { sub_split: context.subSplit }),
  };
}

function mergeInto(stats: Map<string, Stat>, stat: Stat): void {
  const key = metricNameKey(stat.name);
  const existing = stats.get(key);
  stats.set(key, existing === undefined ? stat : mergeStats(existing, stat));
}

/** HELM's InstancesPerSplitMetric: `num_instances` per split context, as a count-1 stat. */
export function instancesPerSplitStats(
  counts: ReadonlyMap<string, { split: string; subSplit?: string; count: number }>,
): Stat[] {
  return [...counts.values()].map((context) =>
    takeMean(
      addToStat(
        emptyStat({
          name: 'num_instances',
          split: context.split,
          ...(context.subSplit === undefined ? {} : { sub_split: context.subSplit }),
        }),
        context.count,
      ),
    ),
  );
}
