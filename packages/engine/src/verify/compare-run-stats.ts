import { emptyStat, type MetricName, mergeStats, metricNameKey, type Stat, statOf } from '@medhelm/core';
import type { UncheckedStat, VerificationDifference } from './run-verification.ts';

/** Every number of a HELM Stat, in the order stats.json writes them. */
const STAT_FIELDS = ['count', 'sum', 'sum_squared', 'min', 'max', 'mean', 'variance', 'stddev'] as const;

/** A stat as the writer would have written it, and the file it was recomputed from. */
export interface ExpectedStat {
  stat: Stat;
  /** `per_instance_stats.json` or `scenario_state.json`: named in differences. */
  from: string;
  /** Whether stats.json must hold it (false: compared only where present, e.g. an optional metric's). */
  required: boolean;
}

/** What stats.json holds compared with what its source files give. */
export interface StatsComparison {
  recomputed: number;
  notRecomputed: UncheckedStat[];
  droppedNonFinite: number;
  differences: VerificationDifference[];
}

/**
 * Compares stats.json with the stats recomputed from per-instance stats, entry by entry, exactly.
 * Exact, not within a tolerance: the recomputation performs HELM's IEEE-754 operations in the
 * order the writer did (the file order of per_instance_stats.json is the order the values were
 * added in), and both HELM and the writer print floats in their shortest round-trip form, so an
 * honest file matches bit for bit, while a tolerance would let an edit of the last digits pass.
 *
 * Each stats.json entry is (a) recomputed and equal, (b) recomputed and different – a difference,
 * (c) not recomputable from per-instance stats (derived from the merged stats, e.g. perplexity or
 * `<metric>_krippendorff_alpha`): counted, and checked only for internal consistency
 * (`take_mean`'s shape: count 1, sum = mean = min = max, sum_squared = mean², variance 0). A
 * MetricName stats.json holds several times is matched occurrence by occurrence (several metrics
 * can emit one name). A recomputed stat stats.json lacks is a difference unless its sum is not
 * finite (HELM drops NaN stats, the writer infinities too).
 */
export function compareRunStats(
  written: readonly Stat[],
  expected: readonly ExpectedStat[],
  explainUnrecomputed: (name: MetricName) => string,
): StatsComparison {
  const byKey = new Map<string, ExpectedStat[]>();
  for (const entry of expected) {
    const key = metricNameKey(entry.stat.name);
    const list = byKey.get(key);
    if (list === undefined) byKey.set(key, [entry]);
    else list.push(entry);
  }
  const matched = new Map<string, number>();
  const comparison: StatsComparison = {
    recomputed: 0,
    notRecomputed: [],
    droppedNonFinite: 0,
    differences: [],
  };
  for (const stat of written) {
    const key = metricNameKey(stat.name);
    const occurrence = matched.get(key) ?? 0;
    matched.set(key, occurrence + 1);
    const candidates = byKey.get(key);
    const counterpart = candidates?.[occurrence];
    if (counterpart !== undefined) {
      const differing = differingFields(stat, counterpart.stat);
      if (differing.length === 0) comparison.recomputed++;
      else {
        comparison.differences.push({
          file: 'stats.json',
          stat: stat.name,
          message: `stats.json: ${describeMetricName(stat.name)}: ${differing
            .map(
              (field) =>
                `${field} ${show(stat[field])} in stats.json, ${show(counterpart.stat[field])} from ${counterpart.from}`,
            )
            .join('; ')}`,
        });
      }
    } else if (candidates !== undefined) {
      comparison.differences.push({
        file: 'stats.json',
        stat: stat.name,
        message: `stats.json: ${describeMetricName(stat.name)}: ${occurrence + 1} entries, ${candidates[0]?.from} gives ${candidates.length}`,
      });
    } else {
      const differing = differingFields(stat, takeMeanShape(stat));
      if (differing.length === 0) {
        comparison.notRecomputed.push({ stat: stat.name, reason: explainUnrecomputed(stat.name) });
      } else {
        comparison.differences.push({
          file: 'stats.json',
          stat: stat.name,
          message: `stats.json: ${describeMetricName(stat.name)} (not recomputable: ${explainUnrecomputed(stat.name)}) is not a consistent Stat: ${differing
            .map(
              (field) =>
                `${field} ${show(stat[field])}, ${show(takeMeanShape(stat)[field])} expected from its sum and count`,
            )
            .join('; ')}`,
        });
      }
    }
  }
  for (const [key, list] of byKey) {
    for (const entry of list.slice(matched.get(key) ?? 0)) {
      if (!Number.isFinite(entry.stat.sum)) comparison.droppedNonFinite++;
      else if (entry.required) {
        comparison.differences.push({
          file: 'stats.json',
          stat: entry.stat.name,
          message: `stats.json: ${describeMetricName(entry.stat.name)}: missing; ${entry.from} gives mean ${show(entry.stat.mean)}`,
        });
      }
    }
  }
  return comparison;
}

/**
 * The Stat `stat` must be given its count and sums: after HELM's `take_mean` (one train trial)
 * count 1 and every field follows from the mean; merged over several trials, mean, variance and
 * stddev follow from count and sums (min and max cannot be checked).
 */
function takeMeanShape(stat: Stat): Stat {
  if (stat.count === 0) return emptyStat(stat.name);
  if (stat.count === 1) return statOf(stat.name, stat.sum);
  return mergeStats(emptyStat(stat.name), {
    name: stat.name,
    count: stat.count,
    sum: stat.sum,
    sum_squared: stat.sum_squared,
    ...(stat.min === undefined ? {} : { min: stat.min }),
    ...(stat.max === undefined ? {} : { max: stat.max }),
  });
}

function differingFields(actual: Stat, expected: Stat): Array<(typeof STAT_FIELDS)[number]> {
  // `===`: 0 and -0 are the same number to every reader of the file.
  return STAT_FIELDS.filter((field) => actual[field] !== expected[field]);
}

function show(value: number | undefined): string {
  return value === undefined ? '(absent)' : String(value);
}

/** `exact_match (split test)`, with the sub-split and perturbation when there are. */
export function describeMetricName(name: MetricName): string {
  const context = [
    ...(name.split === undefined ? [] : [`split ${name.split}`]),
    ...(name.sub_split === undefined ? [] : [`sub-split ${name.sub_split}`]),
    ...(name.perturbation === undefined
      ? []
      : [`perturbation ${name.perturbation.name} (${name.perturbation.computed_on})`]),
  ];
  return context.length === 0 ? name.name : `${name.name} (${context.join(', ')})`;
}
