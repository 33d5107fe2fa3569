import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  type DatasetFileV1,
  HELM_INSTANCES_PER_SPLIT_METRIC,
  hasHelmMetricSpecs,
  type IdentifiedInstance,
  orderHelmAdapterSpec,
  type ScorerServicesV1,
  type ScorerV1,
  type Stat,
} from '@medhelm/core';
import type { CompletedInstance } from '../checkpoint-record.ts';
import type { RunPlan } from '../plan/plan-runs.ts';
import type { ScoringFailure } from '../run-outcome.ts';
import { InOrderWindow } from '../score/in-order-window.ts';
import { JudgeReplyCounter } from '../score/judge-reply-counter.ts';
import { type Prediction, predictionOf, type ScorerLoans, scoreInstance } from '../score/score-instance.ts';
import { instancesPerSplitStats, ScorerStatsAggregator } from '../score/scorer-stats-aggregator.ts';
import { StreamedJsonWriter, toHelmJson } from './helm-json.ts';
import { helmRequestState, helmRunSpec, helmScenario, helmStat } from './helm-records.ts';
import { helmPerInstanceStatsJson } from './helm-stat-json.ts';
import { ItemSpool, joinSpools } from './item-spool.ts';

/** What writing a run directory produced. */
export interface WrittenRun {
  runDirectory: string;
  stats: Stat[];
  scoringFailures: ScoringFailure[];
  completedCount: number;
  usage: { promptTokens: number; completionTokens: number; estimated: boolean };
  /** The judges' replies over the completed instances, counted as they were written. */
  judgeReplies: JudgeReplyCounter;
}

/**
 * Writes a HELM run directory (`run_spec.json`, `scenario.json`, `scenario_state.json`,
 * `per_instance_stats.json`, `stats.json`) from the completed instances, read once, in HELM's
 * order: each instance's request state is written, its prediction normalized once and every
 * scorer run on it. Per-instance stats go to one spool per metric and are joined in HELM's
 * metric-major order at the end. Everything goes to a temporary folder beside the target that is
 * renamed into place at the end, so a run directory is never half-written. Scoring happens here,
 * so a changed scorer re-scores saved results without calling the model again.
 */
export async function writeRunDirectory(options: {
  plan: RunPlan;
  suiteDirectory: string;
  /** The completed instances in HELM's order, streamed once. */
  completed: AsyncIterable<CompletedInstance>;
  /** The run's file resolver, handed to scorers that read the benchmark's data files. */
  resolveFile?: (file: DatasetFileV1) => Promise<string>;
  /** What the invocation lends scorers (its worker threads for ROUGE/BLEU), handed to each. */
  scorerServices?: ScorerServicesV1;
}): Promise<WrittenRun> {
  const { plan, suiteDirectory } = options;
  const runDirectory = join(suiteDirectory, plan.runName);
  const temporary = join(suiteDirectory, `.${plan.runName}.partial-${process.pid}`);
  await rm(temporary, { recursive: true, force: true });
  await mkdir(temporary, { recursive: true });
  try {
    return await writeInto(temporary, runDirectory, options);
  } catch (error) {
    // Never a half-written run directory: whatever stopped the writer, its temporary folder goes.
    await rm(temporary, { recursive: true, force: true });
    throw error;
  }
}

async function writeInto(
  temporary: string,
  runDirectory: string,
  options: {
    plan: RunPlan;
    completed: AsyncIterable<CompletedInstance>;
    resolveFile?: (file: DatasetFileV1) => Promise<string>;
    scorerServices?: ScorerServicesV1;
  },
): Promise<WrittenRun> {
  const { plan } = options;

  await writeFile(join(temporary, 'run_spec.json'), toHelmJson(helmRunSpec(plan)));
  await writeFile(join(temporary, 'scenario.json'), toHelmJson(helmScenario(plan)));

  const steps = statSteps(plan);
  const scorers = await Promise.all(
    steps.flatMap((step, index) =>
      step.kind === 'scorer'
        ? [
            ItemSpool.create(join(temporary, `.per-instance-${index}.part`), 2).then((spool) => ({
              scorer: step.scorer,
              aggregator: new ScorerStatsAggregator(step.scorer),
              spool,
            })),
          ]
        : [],
    ),
  );
  const splitCounts = new Map<string, { split: string; subSplit?: string; count: number }>();
  const usage = { promptTokens: 0, completionTokens: 0, estimated: false };
  const scoringFailures: ScoringFailure[] = [];
  const judgeReplies = new JudgeReplyCounter(plan.benchmark.annotators ?? []);
  let completedCount: number;
  const scenarioState = await StreamedJsonWriter.open(
    join(temporary, 'scenario_state.json'),
    `{\n  "adapter_spec": ${toHelmJson(orderHelmAdapterSpec(plan.adapterSpec), 2)},\n  "request_states": [`,
    4,
  );
  try {
    completedCount = await scoreAndWriteStates(
      options,
      plan,
      scenarioState,
      scorers,
      splitCounts,
      usage,
      scoringFailures,
      judgeReplies,
    );
  } catch (error) {
    await scenarioState.abandon();
    await Promise.all(scorers.map(({ spool }) => spool.abandon()));
    throw error;
  }
  await scenarioState.close(']\n}');

  const stats: Stat[] = [];
  for (const step of steps) {
    if (step.kind === 'instances-per-split') stats.push(...instancesPerSplitStats(splitCounts));
    else stats.push(...(scorers.find((entry) => entry.scorer === step.scorer)?.aggregator.finish() ?? []));
  }
  for (const { spool } of scorers) await spool.finish();
  await joinSpools(
    join(temporary, 'per_instance_stats.json'),
    scorers.map((entry) => entry.spool),
    2,
  );
  // HELM drops NaN stats before writing (stdlib JSON cannot encode them); we drop infinities too.
  const finiteStats = stats.filter(hasFiniteSum);
  await writeFile(join(temporary, 'stats.json'), toHelmJson(finiteStats.map(helmStat)));

  await rm(runDirectory, { recursive: true, force: true });
  await rename(temporary, runDirectory);
  return { runDirectory, stats: finiteStats, scoringFailures, completedCount, usage, judgeReplies };
}

/** One scorer of the run with where its stats go. */
interface ScorerEntry {
  scorer: ScorerV1;
  aggregator: ScorerStatsAggregator;
  spool: ItemSpool;
}

/** One scorer's outcome for one instance. */
type ScoreOutcome = Awaited<ReturnType<typeof scoreInstance>>;

/**
 * How many instances may be scoring at once: enough that scorers working off the event loop (ROUGE
 * in the invocation's worker threads) keep every thread busy, few enough to hold little memory.
 */
const SCORING_WINDOW = 64;

/**
 * Writes each completed instance's request state and scores it with every scorer; returns the
 * count. Several instances score at once (up to SCORING_WINDOW), but their stats are aggregated
 * and spooled in HELM's order, exactly as one at a time.
 */
async function scoreAndWriteStates(
  options: {
    completed: AsyncIterable<CompletedInstance>;
    resolveFile?: (file: DatasetFileV1) => Promise<string>;
    scorerServices?: ScorerServicesV1;
  },
  plan: RunPlan,
  scenarioState: StreamedJsonWriter,
  scorers: readonly ScorerEntry[],
  splitCounts: Map<string, { split: string; subSplit?: string; count: number }>,
  usage: WrittenRun['usage'],
  scoringFailures: ScoringFailure[],
  judgeReplies: JudgeReplyCounter,
): Promise<number> {
  const loans: ScorerLoans = {
    ...(options.resolveFile === undefined ? {} : { resolveFile: options.resolveFile }),
    ...(options.scorerServices === undefined ? {} : { services: options.scorerServices }),
  };
  const window = new InOrderWindow<{ instance: IdentifiedInstance; outcomes: ScoreOutcome[] }>(
    SCORING_WINDOW,
    ({ instance, outcomes }) => recordScores(instance, outcomes, scorers, scoringFailures),
  );
  let completedCount = 0;
  for await (const completed of options.completed) {
    completedCount++;
    const { instance, rendered, checkpoint } = completed;
    const { result } = checkpoint;
    const key =
      instance.subSplit === undefined ? instance.split : `${instance.split}\u0000${instance.subSplit}`;
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
    judgeReplies.add(checkpoint);
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
    const prediction = predictionOf(plan.benchmark, completed);
    const scoring = scoreWithEveryScorer(scorers, completed, prediction, loans);
    await window.push(scoring.then((outcomes) => ({ instance, outcomes })));
  }
  await window.drain();
  return completedCount;
}

/** Every scorer's outcome for one instance, scorer after scorer. */
async function scoreWithEveryScorer(
  scorers: readonly ScorerEntry[],
  completed: CompletedInstance,
  prediction: Prediction,
  loans: ScorerLoans,
): Promise<ScoreOutcome[]> {
  const outcomes: ScoreOutcome[] = [];
  for (const { scorer } of scorers) outcomes.push(await scoreInstance(scorer, completed, prediction, loans));
  return outcomes;
}

/** Aggregates one instance's outcomes and spools its per-instance stats, scorer after scorer. */
async function recordScores(
  instance: IdentifiedInstance,
  outcomes: readonly ScoreOutcome[],
  scorers: readonly ScorerEntry[],
  scoringFailures: ScoringFailure[],
): Promise<void> {
  for (const [index, { scorer, aggregator, spool }] of scorers.entries()) {
    const scored = outcomes[index] as ScoreOutcome;
    if ('error' in scored) {
      aggregator.addUnscored(instance);
      scoringFailures.push({
        instanceId: instance.id,
        scorerId: scorer.id,
        kind: scored.kind,
        reason: scored.error,
      });
      continue;
    }
    const instanceStats = aggregator.add(instance, scored.values).filter(hasFiniteSum);
    if (instanceStats.length > 0) {
      await spool.appendJson(helmPerInstanceStatsJson(instance.id, 0, instanceStats, spool.itemIndent));
    }
  }
}

type StatStep = { kind: 'scorer'; scorer: ScorerV1 } | { kind: 'instances-per-split' };

/**
 * The order stats.json follows: HELM concatenates the stats of each metric in `metric_specs`
 * order, and `metric_specs` are the benchmark's scorers' own specs, scorer after scorer
 * (`benchmarkMetricSpecs`). So each HELM scorer's stats stand at its first spec, and where a
 * scorer's specs name InstancesPerSplitMetric the engine's own `num_instances` stands there.
 * Scorers without a HELM spec (corrected metrics, third parties) come last, then the run's extra
 * scorers.
 */
function statSteps(plan: RunPlan): StatStep[] {
  const { scorers } = plan.benchmark;
  const steps: StatStep[] = [];
  for (const scorer of scorers.filter(hasHelmMetricSpecs)) {
    let placed = false;
    for (const spec of scorer.helmMetricSpecs ?? []) {
      if (spec.class_name === HELM_INSTANCES_PER_SPLIT_METRIC) steps.push({ kind: 'instances-per-split' });
      else if (!placed) {
        steps.push({ kind: 'scorer', scorer });
        placed = true;
      }
    }
    if (!placed) steps.push({ kind: 'scorer', scorer });
  }
  for (const scorer of [
    ...scorers.filter((scorer) => !hasHelmMetricSpecs(scorer)),
    ...(plan.extraScorers ?? []),
  ]) {
    steps.push({ kind: 'scorer', scorer });
  }
  return steps;
}

function hasFiniteSum(stat: Stat): boolean {
  return Number.isFinite(stat.sum);
}
