import { join } from 'node:path';
import {
  type AnnotatorV1,
  benchmarkName,
  ConfigError,
  type DatasetFileV1,
  type PromptRendererV2,
} from '@medhelm/core';
import type { DataSource } from '@medhelm/datasets';
import type { RetryPolicy } from '@medhelm/http';
import { usdFromPicoUsd } from '@medhelm/model-config';
import type { MedHelmStore, RequestCacheLike } from '@medhelm/store';
import { type CompletedInstance, type InstanceCheckpoint, isCompleted } from './checkpoint-record.ts';
import type { CostBudget } from './execute/cost-budget.ts';
import { createJury, type JudgeDeployment, type Jury } from './execute/create-jury.ts';
import type { DistributedExecutor } from './execute/distributed-executor.ts';
import { executeInstance, type InstanceSource, type RunExecution } from './execute/execute-instance.ts';
import { type ExecutionTally, tallyOf } from './execute/execution-tally.ts';
import { MeteredModel } from './execute/metered-model.ts';
import type { ModelPool } from './execute/model-pool.ts';
import { runWithConcurrency } from './execute/run-with-concurrency.ts';
import { SpendMeter } from './execute/spend-meter.ts';
import type { RunPlan } from './plan/plan-runs.ts';
import { DataFileRecorder } from './provenance/data-file-recorder.ts';
import { type InvocationProvenance, runProvenance } from './provenance/run-provenance.ts';
import { extraStatsOf } from './report/extra-stats-of.ts';
import { headlineOf } from './report/headline-of.ts';
import { priceSourceOf } from './report/price-source-of.ts';
import { writeRunReport } from './report/write-run-report.ts';
import type { RunObserver } from './run-observer.ts';
import type {
  InstanceFailure,
  JudgeReplyTally,
  RunDataProvenance,
  RunOutcome,
  TokenCounts,
} from './run-outcome.ts';
import type { EvalSelection, SelectedInstance } from './select/select-eval-instances.ts';
import { runDataSource, runFileResolver, selectRunInstances } from './select/select-run-instances.ts';
import { appendCostLedgerEntry } from './write/cost-ledger.ts';
import { OrderedCompletions, RunStoppedError } from './write/ordered-completions.ts';
import { writeRunDirectory } from './write/write-run-directory.ts';

/** What every run of one invocation shares. */
export interface InvocationContext {
  store: MedHelmStore;
  requestCache: RequestCacheLike;
  observer: RunObserver;
  pool: ModelPool;
  suite: string;
  outputPath: string;
  dataSource: DataSource;
  retry?: Partial<RetryPolicy>;
  judges: readonly JudgeDeployment[];
  budget?: CostBudget;
  /** Ctrl-C, `--max-cost` or another run's failure: no new call starts. */
  signal: AbortSignal;
  /** Stops every run of the invocation because `--max-cost` was reached. */
  stopForCost: () => void;
  /** Whether the invocation was stopped by `--max-cost` (else by Ctrl-C or a failure). */
  stoppedForCost: () => boolean;
  /** Where the instances execute: in this process when undefined, else on workers (`--executor`). */
  executor?: DistributedExecutor;
  /** The share of invalid judge replies above which a run fails (`--max-invalid-judge-replies`). */
  maxInvalidJudgeReplies: number;
  /** What the program running the engine says of itself, for each run's provenance. */
  provenance?: InvocationProvenance;
}

/**
 * One run, start to end: its lease, its instances selected, executed (`noMoreInstances` is called
 * once the last instance has been taken, so the next run can start while this one's tail
 * finishes), then its run directory written from the checkpoints, its report and cost recorded.
 */
export async function runPlan(
  plan: RunPlan,
  render: PromptRendererV2,
  context: InvocationContext,
  noMoreInstances: () => void,
): Promise<RunOutcome> {
  const runKey = `${context.suite}/${plan.runName}`;
  const lease = context.store.leases.acquire(runKey);
  try {
    return await runLeased(plan, render, context, runKey, noMoreInstances);
  } finally {
    lease.release();
  }
}

async function runLeased(
  plan: RunPlan,
  render: PromptRendererV2,
  context: InvocationContext,
  runKey: string,
  noMoreInstances: () => void,
): Promise<RunOutcome> {
  const { benchmark } = plan;
  const { signal } = context;
  const annotators = benchmark.annotators ?? [];
  const needsJudges = annotators.some((annotator) => annotator.needsJudges);
  const juryRuns = needsJudges && context.judges.length > 0;
  const price = plan.deployment.price;

  // Distinct warnings about the data (e.g. a stand-in file), reported with the run.
  const warnings = new Set<string>();
  // Every data file the loader and scorers read, digested for the run's provenance.
  const dataFiles = new DataFileRecorder();
  for (const path of benchmark.dataset.ownFiles ?? []) dataFiles.onResolved('file', path);
  let selection: EvalSelection;
  try {
    selection = await selectRunInstances(plan, context.dataSource, {
      signal,
      warn: (message) => warnings.add(message),
      onResolved: dataFiles.onResolved,
    });
  } catch (error) {
    noMoreInstances();
    throw error;
  }
  if (needsJudges && !juryRuns) {
    warnings.add(
      `${benchmarkName(benchmark)}: the LLM jury was skipped because no judges are configured, so its jury score is missing; the other metrics are computed. Configure judges with --judges ${juryNames(
        annotators,
      )
        .map((name) => `${name}=<model>`)
        .join(',')} (any deployment ids or provider:model).`,
    );
  }
  const resolveFile = runFileResolver(plan, context.dataSource, dataFiles.onResolved);
  // The run's model, metered: it calls the model when instances execute here, and gives the
  // request-cache keys the run directory is read back with wherever they executed.
  const candidate = meteredCandidate(plan, context);
  context.observer.onRunStart({ plan, total: selection.selectedCount, available: selection.availableCount });
  // The run directory is written while the instances execute, in HELM's order (see OrderedCompletions);
  // after the fact, from the shared store, when they execute on workers.
  const suiteDirectory = join(context.outputPath, 'runs', context.suite);
  const completions = new OrderedCompletions({
    live: !selection.downsampled && context.executor === undefined,
    // Few completions wait for the writer (items held long are promoted to V8's old space and
    // swell memory); many may wait behind one slow instance before it costs a read-back.
    capacity: Math.max(64, 2 * plan.concurrency),
    gapCapacity: Math.max(1024, 16 * plan.concurrency),
    total: selection.selectedCount,
    readBack: (fromPosition) =>
      completedInstances(
        selection,
        render,
        { store: context.store, requestCache: context.requestCache, model: candidate.model },
        runKey,
        fromPosition,
      ),
  });
  const writing = writeRunDirectory({ plan, suiteDirectory, resolveFile, completed: completions });
  // Observed at once, so a failed writer is never an unhandled rejection; awaited below.
  writing.catch(() => {});
  let done = 0;
  const onInstanceDone = (source: InstanceSource, error?: string) => {
    done++;
    context.observer.onInstanceDone({
      plan,
      done,
      total: selection.selectedCount,
      source,
      ...(error === undefined ? {} : { error }),
    });
  };
  let tally: ExecutionTally;
  try {
    tally =
      context.executor === undefined
        ? await executeInProcess(
            { plan, render, context, runKey, resolveFile, candidate },
            selection.instances(),
            { completions, onInstanceDone, noMoreInstances },
          )
        : await context.executor.executeRun({
            plan,
            runKey,
            total: selection.selectedCount,
            resuming: context.store.checkpoints.count(runKey) > 0,
            signal,
            onQueued: noMoreInstances,
            onInstanceDone,
          });
  } catch (error) {
    noMoreInstances();
    // A run that fails (e.g. a bad data row) leaves no partial run directory behind.
    completions.abort();
    await writing.catch(() => {});
    throw error;
  }

  const interrupted = signal.aborted;
  if (!interrupted && context.executor !== undefined) {
    try {
      checkWorkersWroteStore(context.store, runKey, tally);
    } catch (error) {
      completions.abort();
      await writing.catch(() => {});
      throw error;
    }
  }
  if (interrupted) completions.abort();
  else completions.finish();
  const written = await writing.catch((error: unknown) => {
    if (interrupted && error instanceof RunStoppedError) return undefined;
    throw error;
  });
  const { counts } = tally;
  const base = {
    plan,
    interrupted,
    ...(interrupted
      ? { stoppedBy: context.stoppedForCost() ? ('max-cost' as const) : ('signal' as const) }
      : {}),
    usageBySource: tally.usageBySource,
    cost: {
      candidateUsd: price === undefined ? undefined : usdOf(tally.candidatePicoUsd ?? '0'),
      judgeUsd: !juryRuns ? 0 : tally.judgePicoUsd === null ? undefined : usdOf(tally.judgePicoUsd),
      ...(juryRuns && tally.judgePicoUsd === null ? { unpricedJudges: unpricedJudges(context.judges) } : {}),
      jury: !needsJudges ? ('none' as const) : !juryRuns ? ('skipped' as const) : ('ran' as const),
      judgeUsage: tally.judgeUsage,
      ...(price === undefined ? {} : { priceSource: priceSourceOf(price) }),
    },
    failures: tally.failures,
    warnings: [...warnings],
    data: dataProvenanceOf(plan, context.dataSource),
    counts: {
      available: selection.availableCount,
      selected: selection.selectedCount,
      completed: 0,
      fromModel: counts.model,
      fromCache: counts.cache,
      fromCheckpoint: counts.checkpoint,
      failed: counts.failed,
    },
  };
  let outcome: RunOutcome;
  if (written === undefined) {
    outcome = {
      ...base,
      scoringFailures: [],
      usage: { promptTokens: 0, completionTokens: 0, estimated: false },
      headline: headlineOf(benchmark, undefined),
      extraStats: extraStatsOf(plan, undefined),
    };
  } else {
    // Completed: later invocations start fresh (served by the request cache), except the failed
    // instances, which were never cached and so are retried.
    await context.executor?.runWritten(runKey);
    await context.store.checkpoints.clear(runKey);
    const juryReplies = written.judgeReplies.finish(context.maxInvalidJudgeReplies);
    const source = runDataSource(plan, context.dataSource);
    const provenance = await runProvenance({
      plan,
      invocation: context.provenance,
      judges: juryRuns ? judgesWithServers(plan, context) : undefined,
      data: base.data,
      files: await dataFiles.describe({
        ...(source.kind === 'directory' ? { root: source.path } : {}),
        instancesUsed: selection.selectedCount,
      }),
      instances: { available: selection.availableCount, used: selection.selectedCount },
      runDirectory: written.runDirectory,
    });
    outcome = {
      ...base,
      provenance,
      warnings: [...base.warnings, ...juryWarnings(benchmarkName(benchmark), juryReplies)],
      ...(juryReplies === undefined ? {} : { juryReplies }),
      counts: { ...base.counts, completed: written.completedCount },
      runDirectory: written.runDirectory,
      scoringFailures: written.scoringFailures,
      usage: written.usage,
      headline: headlineOf(benchmark, written.stats),
      extraStats: extraStatsOf(plan, written.stats),
    };
    await writeRunReport(outcome);
  }
  await appendCostLedgerEntry(suiteDirectory, outcome);
  context.observer.onRunEnd(outcome);
  return outcome;
}

/** What executing a run's instances needs, here or in a worker's batch. */
export interface RunInstancesSetup {
  plan: RunPlan;
  render: PromptRendererV2;
  context: InvocationContext;
  runKey: string;
  resolveFile: (file: DatasetFileV1) => Promise<string>;
  candidate: { model: MeteredModel; meter: SpendMeter };
}

/**
 * Executes `instances` of a run with the plan's concurrency (the model calls, the jury, the
 * checkpoints), each handed to `completions` when there is one, and adds up what they used.
 * The in-process executor runs a whole run through it; a worker one batch of positions.
 */
export async function executeInProcess(
  setup: RunInstancesSetup,
  instances: AsyncIterable<SelectedInstance>,
  hooks: {
    completions?: OrderedCompletions;
    /** Called as each instance ends, with why it failed when it did. */
    onInstanceDone?: (source: InstanceSource, error?: string) => void;
    noMoreInstances?: () => void;
    /** Look up every instance's checkpoint (workers: another may have done it); else only when the run has any. */
    alwaysResume?: boolean;
  },
): Promise<ExecutionTally> {
  const { plan, context, runKey } = setup;
  const { signal } = context;
  const annotators = plan.benchmark.annotators ?? [];
  const needsJudges = annotators.some((annotator) => annotator.needsJudges);
  const jury: Jury | undefined =
    needsJudges && context.judges.length > 0
      ? createJury(context.judges, {
          pool: context.pool,
          requestCache: context.requestCache,
          concurrency: plan.concurrency,
          signal,
          onCostCap: context.stopForCost,
          ...(context.budget === undefined ? {} : { budget: context.budget }),
          ...(context.retry === undefined ? {} : { retry: context.retry }),
        })
      : undefined;
  const counts: Record<InstanceSource, number> = { model: 0, cache: 0, checkpoint: 0, failed: 0 };
  const failures: InstanceFailure[] = [];
  const checkpointUsage: TokenCounts = { promptTokens: 0, completionTokens: 0 };
  const execution: RunExecution = {
    runKey,
    render: setup.render,
    model: setup.candidate.model,
    checkpoints: context.store.checkpoints,
    resuming: hooks.alwaysResume === true || context.store.checkpoints.count(runKey) > 0,
    annotators,
    judges: jury?.judges ?? [],
    resolveFile: setup.resolveFile,
    signal,
    checkpointUsage,
    onCostCap: context.stopForCost,
    onFailure: (instanceId, error) => failures.push({ instanceId, error }),
  };
  await runWithConcurrency(
    instances,
    plan.concurrency,
    async (item) => {
      const executed = await executeInstance(execution, item);
      if (executed === undefined) return;
      await hooks.completions?.complete(item.position, executed.completed);
      counts[executed.source]++;
      hooks.onInstanceDone?.(executed.source, executed.error);
    },
    signal,
    hooks.noMoreInstances,
  );
  return tallyOf(counts, failures, checkpointUsage, setup.candidate.meter, jury?.meter);
}

/** The run's candidate model behind the invocation's cache, limiter, retries and budget, with its meter. */
export function meteredCandidate(
  plan: RunPlan,
  context: InvocationContext,
): { model: MeteredModel; meter: SpendMeter } {
  const meter = new SpendMeter();
  const price = plan.deployment.price;
  const { model, limiter, breaker } = context.pool.get(plan.deployment, plan.concurrency);
  const metered = new MeteredModel(model, {
    cache: context.requestCache,
    limiter,
    breaker,
    meter,
    signal: context.signal,
    ...(price === undefined ? {} : { price }),
    ...(context.budget === undefined ? {} : { budget: context.budget }),
    ...(context.retry === undefined ? {} : { retry: context.retry }),
  });
  return { model: metered, meter };
}

/**
 * The judges' deployments without a known price: the jury's spend became unknown because one of
 * them was called (a judge's cached answers cost nothing and never make it unknown).
 */
function unpricedJudges(judges: readonly JudgeDeployment[]): string[] {
  return [
    ...new Set(
      judges
        .filter(({ deployment }) => deployment.price === undefined)
        .map(({ deployment }) => deployment.helmDeployment),
    ),
  ];
}

function usdOf(picoUsd: string): number {
  return usdFromPicoUsd(BigInt(picoUsd));
}

/**
 * The run's completed instances from `fromPosition` on, in HELM's order, read back: the selection
 * streamed by position, each instance rendered again and joined with its checkpoint, or for an
 * answer served by the request cache (which saves no checkpoint) with the cache's answer. One
 * point lookup each; no cursor stays open, so other runs can commit meanwhile.
 */
async function* completedInstances(
  selection: EvalSelection,
  render: PromptRendererV2,
  sources: { store: MedHelmStore; requestCache: RequestCacheLike; model: MeteredModel },
  runKey: string,
  fromPosition: number,
): AsyncIterable<CompletedInstance> {
  for await (const { position, instance } of selection.inPositionOrder()) {
    if (position < fromPosition) continue;
    const rendered = render(instance);
    const checkpoint = sources.store.checkpoints.get(runKey, instance.id)?.data as
      | InstanceCheckpoint
      | undefined;
    if (isCompleted(checkpoint)) {
      yield { instance, rendered, checkpoint };
      continue;
    }
    if (checkpoint !== undefined) continue;
    const requestKey = sources.model.keyOf(rendered.request);
    const result = sources.requestCache.get(requestKey);
    if (result !== undefined) {
      yield { instance, rendered, checkpoint: { status: 'ok', requestKey, result, cached: true } };
    }
  }
}

/**
 * Workers save every instance they execute into the shared store (each batch resumes), which the
 * coordinator writes the run directory from: when the store holds fewer checkpoints than the
 * workers reported done, they wrote somewhere else, and the run directory would show numbers of a
 * part of the work (or none) as if it were all of it.
 */
function checkWorkersWroteStore(store: MedHelmStore, runKey: string, tally: ExecutionTally): void {
  const { model, cache, checkpoint, failed } = tally.counts;
  const reported = model + cache + checkpoint + failed;
  const stored = store.checkpoints.count(runKey);
  if (stored >= reported) return;
  throw new ConfigError(
    `Run ${runKey}: the workers reported ${reported} instances done, but the store this coordinator writes the run from (${store.path}) holds ${stored} of them, so no run directory was written.`,
    {
      hint: "Workers must open the coordinator's store: run `medhelm worker` on the machine that holds the output folder, without -o (it then uses the coordinator's) or with -o naming that same folder. Then run the same command again: what the workers answered is in the request cache of the store they used, not in this one.",
    },
  );
}

/**
 * Where the run's data comes from, and whether it is invented. A loader that reads only what its
 * package ships (`packagedPath`) or what the user's config names (no files of its own, e.g. a
 * user-defined benchmark's CSV) reads the same data whatever the data source; its
 * `sampleInvented` then says whether that data is invented.
 */
function dataProvenanceOf(plan: RunPlan, dataSource: DataSource): RunDataProvenance {
  const { dataset } = plan.benchmark;
  const source = runDataSource(plan, dataSource);
  const reads = dataset.files.filter((file) => file.optional !== true && file.alternativeTo === undefined);
  const ownData =
    (dataset.folders ?? []).length === 0 && reads.every((file) => file.packagedPath !== undefined);
  if (ownData && (reads.length === 0 || source.kind !== 'directory')) {
    return {
      source: reads.length === 0 ? 'user-config' : 'packaged',
      invented: dataset.sampleInvented ?? null,
    };
  }
  if (source.kind === 'sample') return { source: 'sample', invented: dataset.sampleInvented ?? null };
  return { source: source.kind === 'directory' ? 'data-dir' : 'download', invented: false };
}

/**
 * The warnings of a run's jury: completions no judge was asked about (empty), and invalid replies
 * per judge. HELM scores an instance with no usable judge reply with the metric's default (1.0
 * for MedHELM), so both must be seen beside the headline.
 */
function juryWarnings(benchmarkId: string, tally: JudgeReplyTally | undefined): string[] {
  if (tally === undefined) return [];
  const unjudged =
    tally.unjudgedInstances === 0
      ? []
      : [
          `${benchmarkId}: ${tally.unjudgedInstances} completion${tally.unjudgedInstances === 1 ? ' was' : 's were'} empty, so no judge was asked; HELM scores ${tally.unjudgedInstances === 1 ? 'it' : 'them'} with the metric's default score (the headline counts ${tally.unjudgedInstances === 1 ? 'it' : 'them'}, the corrected value does not).`,
        ];
  if (tally.invalid === 0) return unjudged;
  const byJudge = Object.entries(tally.judges)
    .filter(([, count]) => count.invalid > 0)
    .map(
      ([judge, count]) =>
        `${judge} ${count.invalid} of ${count.total} (first: ${count.firstInvalidReason ?? 'invalid reply'})`,
    );
  const share = tally.invalid / tally.total;
  const verdict =
    share > tally.limit
      ? `more than the ${percent(tally.limit)} allowed, so the run fails (raise --max-invalid-judge-replies to accept it)`
      : `within the ${percent(tally.limit)} allowed (--max-invalid-judge-replies)`;
  const defaulted =
    tally.instancesWithoutValidReply === 0
      ? 'no instance was left without one'
      : `${tally.instancesWithoutValidReply} instance${tally.instancesWithoutValidReply === 1 ? ' was' : 's were'} left without one and scored with the metric's default (the headline counts ${tally.instancesWithoutValidReply === 1 ? 'it' : 'them'}, the corrected value does not)`;
  return [
    ...unjudged,
    `${benchmarkId}: ${tally.invalid} of ${tally.total} judge replies (${percent(share)}) could not be used – ${byJudge.join('; ')}. HELM leaves an unusable reply out of the score; ${defaulted}. That is ${verdict}.`,
  ];
}

function percent(share: number): string {
  return `${Number((share * 100).toFixed(1))}%`;
}

/**
 * The run's judges with the server each calls: its deployment's base URL, else the one its model
 * reports (a provider's default, e.g. api.anthropic.com).
 */
function judgesWithServers(
  plan: RunPlan,
  context: InvocationContext,
): Array<JudgeDeployment & { baseUrl: string | undefined }> {
  return context.judges.map((judge) => ({
    ...judge,
    baseUrl:
      judge.deployment.baseUrl ??
      context.pool.get(judge.deployment, judge.deployment.limits?.concurrency ?? plan.concurrency).model
        .cacheIdentity.baseUrl,
  }));
}

/** The judge names to suggest: those a benchmark's jury names (a user-defined one), else HELM's. */
function juryNames(annotators: readonly AnnotatorV1[]): readonly string[] {
  return annotators.find((annotator) => annotator.judgeNames !== undefined)?.judgeNames ?? HELM_JUDGE_NAMES;
}

const HELM_JUDGE_NAMES = ['gpt', 'llama', 'claude'];
