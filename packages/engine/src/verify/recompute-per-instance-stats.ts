import { type MetricName, mergeStats, metricNameKey, type Stat, statSchema, takeMean } from '@medhelm/core';
import { z } from 'zod';
import {
  accumulatedStat,
  accumulatorOf,
  addValue,
  FAIRNESS_WORST,
  mergeIntoAccumulator,
  ROBUSTNESS_WORST,
  type StatAccumulator,
} from '../score/stat-accumulator.ts';
import { checked, streamRunJson } from './read-run-json.ts';

/** One element of per_instance_stats.json (HELM's PerInstanceStats; unknown keys pass). */
const perInstanceStatsSchema = z.object({
  instance_id: z.string(),
  perturbation: z.unknown().optional(),
  train_trial_index: z.number().int().nonnegative().default(0),
  stats: z.array(statSchema),
});

/** A stats.json entry as the writer aggregates it, and what it was recomputed from. */
export interface RecomputedStat {
  stat: Stat;
  /** `per-instance`: the per-instance stats merged; `worst-case`: HELM's worst-case copy of them. */
  source: 'per-instance' | 'worst-case';
}

/** What {@link recomputePerInstanceStats} gives. */
export interface RecomputedPerInstanceStats {
  /** In the order the writer aggregates them: metric after metric, as per_instance_stats.json lists them. */
  stats: RecomputedStat[];
  /**
   * Whether a per-instance stat carried a perturbation: HELM's worst case over perturbations
   * needs every perturbation of an instance together, which is not recomputed here (MedHELM runs
   * have none).
   */
  perturbed: boolean;
}

/** One train trial of one metric: its stats merged by MetricName, and their worst-case copies. */
interface TrialAggregation {
  trial: Map<string, StatAccumulator>;
  worst: Map<string, StatAccumulator>;
}

/**
 * One metric's (one scorer's) part of per_instance_stats.json. HELM and the writer append each
 * metric's per-instance stats after the previous metric's, one element per instance, perturbation
 * and train trial; so an element whose (instance, perturbation, trial) this block already holds
 * begins the next metric's block.
 */
class MetricBlock {
  readonly elements = new Set<string>();
  readonly trials = new Map<number, TrialAggregation>();

  trialOf(index: number): TrialAggregation {
    let trial = this.trials.get(index);
    if (trial === undefined) {
      trial = { trial: new Map(), worst: new Map() };
      this.trials.set(index, trial);
    }
    return trial;
  }
}

/**
 * Recomputes stats.json's aggregates from per_instance_stats.json, streamed, exactly as HELM's
 * `Metric.evaluate` (and the writer, `ScorerStatsAggregator`) compute them: per metric and train
 * trial, the per-instance Stats merged by MetricName (`merge_stat`, in file order, which is the
 * order they were added in, so the sums are bit-identical); the worst-case robustness and fairness
 * copies (`compute_worst_case_metrics`: with no perturbation, each instance's own minimum); then
 * `take_mean` of every trial stat, merged over trials. What `derive_stats` adds from the merged
 * stats (perplexity, Krippendorff's alpha, ...) is not here: it is not a per-instance stat.
 */
export async function recomputePerInstanceStats(path: string): Promise<RecomputedPerInstanceStats> {
  const blocks: MetricBlock[] = [new MetricBlock()];
  let perturbed = false;
  await streamRunJson(path, ['$.*'], (value, at) => {
    const element = checked(value, perInstanceStatsSchema, `${path} element ${String(at.at(-1))}`);
    const elementKey = JSON.stringify([
      element.instance_id,
      element.perturbation ?? null,
      element.train_trial_index,
    ]);
    let block = blocks.at(-1) as MetricBlock;
    if (block.elements.has(elementKey)) {
      block = new MetricBlock();
      blocks.push(block);
    }
    block.elements.add(elementKey);
    const { trial, worst } = block.trialOf(element.train_trial_index);
    for (const stat of element.stats) {
      mergeIntoAccumulator(accumulatorOf(trial, metricNameKey(stat.name), stat.name), stat);
      if (stat.name.perturbation !== undefined) {
        perturbed = true;
      } else if (stat.count > 0) {
        // HELM: the worst case over no perturbation is the original's minimum (its value).
        for (const name of worstCaseNames(stat.name)) {
          addValue(accumulatorOf(worst, metricNameKey(name), name), stat.min ?? Number.NaN);
        }
      }
    }
  });
  const stats: RecomputedStat[] = [];
  for (const block of blocks) stats.push(...blockStats(block, perturbed));
  return { stats, perturbed };
}

/** HELM's `take_mean` of each trial stat of a block, merged over trials, in first-appearance order. */
function blockStats(block: MetricBlock, perturbed: boolean): RecomputedStat[] {
  const merged = new Map<string, RecomputedStat>();
  const mergeMean = (key: string, accumulator: StatAccumulator, source: RecomputedStat['source']) => {
    const mean = takeMean(accumulatedStat(accumulator));
    const existing = merged.get(key);
    merged.set(key, { stat: existing === undefined ? mean : mergeStats(existing.stat, mean), source });
  };
  for (const { trial, worst } of block.trials.values()) {
    for (const [key, accumulator] of trial) mergeMean(key, accumulator, 'per-instance');
    // With perturbations HELM's worst case spans an instance's perturbed copies: not recomputed.
    if (!perturbed) for (const [key, accumulator] of worst) mergeMean(key, accumulator, 'worst-case');
  }
  return [...merged.values()];
}

function worstCaseNames(name: MetricName): [MetricName, MetricName] {
  return [
    { ...name, perturbation: ROBUSTNESS_WORST },
    { ...name, perturbation: FAIRNESS_WORST },
  ];
}
