import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type DatasetFileV1, orderHelmAdapterSpec, type ScorerV1, type Stat } from '@medhelm/core';
import type { CompletedCheckpoint } from '../checkpoint-record.ts';
import type { RunPlan } from '../plan/plan-runs.ts';
import type { ScoringFailure } from '../run-outcome.ts';
import { scoreInstance } from '../score/score-instance.ts';
import { instancesPerSplitStats, ScorerStatsAggregator } from '../score/scorer-stats-aggregator.ts';
import { StreamedJsonWriter, toHelmJson } from './helm-json.ts';
import { helmRequestState, helmRunSpec, helmScenario, helmStat } from './helm-records.ts';

const INSTANCES_PER_SPLIT_METRIC = 'helm.benchmark.metrics.basic_metrics.InstancesPerSplitMetric';

/** What writing a run directory produced. */
export interface WrittenRun {
  runDirectory: string;
  stats: Stat[];
  scoringFailures: ScoringFailure[];
  completedCount: number;
  usage: { promptTokens: number; completionTokens: number; estimated: boolean };
}

/**
 * Writes a HELM run directory (`run_spec.json`, `scenario.json`, `scenario_state.json`,
 * `per_instance_stats.json`, `stats.json`) from the completed instances, streamed in HELM's order.
 * Everything goes to a temporary folder beside the target that is renamed into place at the end,
 * so a run directory is never half-written. Scoring happens here, so a changed scorer re-scores
 * saved results without calling the model again.
 */
export async function writeRunDirectory(options: {
  plan: RunPlan;
  suiteDirectory: string;
  /** Streams the completed instances in HELM's order; called once per pass. */
  completed: () => Iterable<CompletedCheckpoint>;
  /** The run's file resolver, handed to scorers that read the benchmark's data files. */
  resolveFile?: (file: DatasetFileV1) => Promise<string>;
}): Promise<WrittenRun> {
  const { plan, suiteDirectory } = options;
  const runDirectory = join(suiteDirectory, plan.runName);
  const temporary = join(suiteDirectory, `.${plan.runName}.partial-${process.pid}`);
  await rm(temporary, { recursive: true, force: true });
  await mkdir(temporary, { recursive: true });

  await writeFile(join(temporary, 'run_spec.json'), toHelmJson(helmRunSpec(plan)));
  await writeFile(join(temporary, 'scenario.json'), toHelmJson(helmScenario(plan)));

  const splitCounts = new Map<string, { split: string; subSplit?: string; count: number }>();
  const usage = { promptTokens: 0, completionTokens: 0, estimated: false };
  let completedCount = 0;
  const scenarioState = await StreamedJsonWriter.open(
    join(temporary, 'scenario_state.json'),
    `{\n  "adapter_spec": ${toHelmJson(orderHelmAdapterSpec(plan.adapterSpec), 2)},\n  "request_states": [`,
    4,
  );
  for (const checkpoint of options.completed()) {
    completedCount++;
    const { instance, rendered, result } = checkpoint;
    const key = JSON.stringify([instance.split, instance.subSplit ?? null]);
    const context = splitCounts.get(key) ?? {
      split: instance.split,
      ...(instance.subSplit === undefined ? {} : { subSplit: instance.subSplit }),
      count: 0,
    };
    context.count++;
    splitCounts.set(key, context);
    usage.promptTokens += result.usage.promptTokens;
    usage.completionTokens += result.usage.completionTokens;
    usage.estimated ||= result.usage.estimated === true;
    await scenarioState.write(
      helmRequestState({
        instance,
        request: rendered.request,
        ...(rendered.outputMapping === undefined ? {} : { outputMapping: rendered.outputMapping }),
        result,
        cached: checkpoint.cached === true,
        numTrainInstances: rendered.numTrainInstances,
        promptTruncated: rendered.promptTruncated,
        adapterSpec: plan.adapterSpec,
        ...(checkpoint.annotations === undefined ? {} : { annotations: checkpoint.annotations }),
      }),
    );
  }
  await scenarioState.close(']\n}');

  const stats: Stat[] = [];
  const scoringFailures: ScoringFailure[] = [];
  const perInstanceStats = await StreamedJsonWriter.open(join(temporary, 'per_instance_stats.json'), '[', 2);
  for (const step of statSteps(plan)) {
    if (step.kind === 'instances-per-split') {
      stats.push(...instancesPerSplitStats(splitCounts));
      continue;
    }
    const aggregator = new ScorerStatsAggregator(step.scorer);
    for (const checkpoint of options.completed()) {
      const scored = await scoreInstance(plan.benchmark, step.scorer, checkpoint, options.resolveFile);
      if ('error' in scored) {
        aggregator.addUnscored(checkpoint.instance);
        scoringFailures.push({
          instanceId: checkpoint.instance.id,
          scorerId: step.scorer.id,
          reason: scored.error,
        });
        continue;
      }
      const instanceStats = aggregator.add(checkpoint.instance, scored.values).filter(hasFiniteSum);
      if (instanceStats.length > 0) {
        await perInstanceStats.write({
          instance_id: checkpoint.instance.id,
          train_trial_index: 0,
          stats: instanceStats.map(helmStat),
        });
      }
    }
    stats.push(...aggregator.finish());
  }
  await perInstanceStats.close(']');
  // HELM drops NaN stats before writing (stdlib JSON cannot encode them); we drop infinities too.
  const finiteStats = stats.filter(hasFiniteSum);
  await writeFile(join(temporary, 'stats.json'), toHelmJson(finiteStats.map(helmStat)));

  await rm(runDirectory, { recursive: true, force: true });
  await rename(temporary, runDirectory);
  return { runDirectory, stats: finiteStats, scoringFailures, completedCount, usage };
}

type StatStep = { kind: 'scorer'; scorer: ScorerV1 } | { kind: 'instances-per-split' };

/**
 * The order stats.json follows: HELM concatenates the stats of each metric in `metric_specs`
 * order. Scorers are matched to specs by their HELM class; InstancesPerSplitMetric is the engine's
 * own `num_instances`; scorers without a HELM counterpart (third-party) come last.
 */
function statSteps(plan: RunPlan): StatStep[] {
  const remaining = [...plan.benchmark.scorers];
  const steps: StatStep[] = [];
  for (const spec of plan.benchmark.helm.metricSpecs) {
    if (spec.class_name === INSTANCES_PER_SPLIT_METRIC) {
      steps.push({ kind: 'instances-per-split' });
      continue;
    }
    const index = remaining.findIndex((scorer) => scorer.helmMetricSpec?.class_name === spec.class_name);
    if (index !== -1) steps.push({ kind: 'scorer', scorer: remaining.splice(index, 1)[0]! });
  }
  for (const scorer of remaining) steps.push({ kind: 'scorer', scorer });
  return steps;
}

function hasFiniteSum(stat: Stat): boolean {
  return Number.isFinite(stat.sum);
}
