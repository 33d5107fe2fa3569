import { type AnnotatorV1, benchmarkName, type DatasetFileV1, type PromptRendererV2 } from '@medhelm/core';
import type { CheckpointStore } from '@medhelm/store';
import { checkCheckpointsReceived } from './execute/check-checkpoints-received.ts';
import { createJury, type Jury } from './execute/create-jury.ts';
import { executeInstance, type InstanceSource, type RunExecution } from './execute/execute-instance.ts';
import { type ExecutionTally, tallyOf } from './execute/execution-tally.ts';
import { MeteredModel } from './execute/metered-model.ts';
import { runWithConcurrency } from './execute/run-with-concurrency.ts';
import { SpendMeter } from './execute/spend-meter.ts';
import type { InvocationContext } from './invocation-context.ts';
import type { RunPlan } from './plan/plan-runs.ts';
import { DataFileRecorder } from './provenance/data-file-recorder.ts';
import { interruptedRunOutcome, juryOf, runOutcomeBase, writtenRunOutcome } from './report/run-outcome-of.ts';
import { writeRunReport } from './report/write-run-report.ts';
import {
  abandonRunDirectory,
  finishRunDirectory,
  type RunDirectoryWriter,
  startRunDirectoryWriter,
  suiteDirectoryOf,
} from './run/run-directory-writer.ts';
import type { InstanceFailure, RunOutcome } from './run-outcome.ts';
import type { EvalSelection, SelectedInstance } from './select/select-eval-instances.ts';
import { runFileResolver, selectRunInstances } from './select/select-run-instances.ts';
import type { TokenCounts } from './token-counts.ts';
import { appendCostLedgerEntry } from './write/cost-ledger.ts';
import type { OrderedCompletions } from './write/ordered-completions.ts';

export type { InvocationContext } from './invocation-context.ts';

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

/**
 * A leased run, step by step: select its instances (recording the data files read), start
 * writing its directory, execute the instances (here or on workers), finish the directory, then
 * build, report and record the outcome.
 */
async function runLeased(
  plan: RunPlan,
  render: PromptRendererV2,
  context: InvocationContext,
  runKey: string,
  noMoreInstances: () => void,
): Promise<RunOutcome> {
  // Distinct warnings about the data (e.g. a stand-in file), reported with the run.
  const warnings = new Set<string>();
  // Every data file the loader and scorers read, digested for the run's provenance.
  const dataFiles = new DataFileRecorder();
  for (const path of plan.benchmark.dataset.ownFiles ?? []) dataFiles.onResolved('file', path);
  let selection: EvalSelection;
  try {
    selection = await selectRunInstances(plan, context.dataSource, {
      signal: context.signal,
      warn: (message) => warnings.add(message),
      onResolved: dataFiles.onResolved,
    });
  } catch (error) {
    noMoreInstances();
    throw error;
  }
  const skipped = jurySkippedWarning(plan, context);
  if (skipped !== undefined) warnings.add(skipped);
  const resolveFile = runFileResolver(plan, context.dataSource, dataFiles.onResolved);
  // The run's model, metered: it calls the model when instances execute here, and gives the
  // request-cache keys the run directory is read back with wherever they executed.
  const candidate = meteredCandidate(plan, context);
  context.observer.onRunStart({ plan, total: selection.selectedCount, available: selection.availableCount });
  const writer = startRunDirectoryWriter({
    plan,
    render,
    context,
    runKey,
    selection,
    model: candidate.model,
    resolveFile,
  });
  const tally = await executeRunInstances(
    { plan, render, context, runKey, resolveFile, candidate },
    selection,
    writer,
    noMoreInstances,
  );
  const interrupted = context.signal.aborted;
  const written = await finishRunDirectory(writer, interrupted);
  const base = runOutcomeBase({ plan, context, selection, tally, warnings: [...warnings], interrupted });
  let outcome: RunOutcome;
  if (written === undefined) {
    outcome = interruptedRunOutcome(base);
  } else {
    // Completed: later invocations start fresh (served by the request cache), except the failed
    // instances, which were never cached and so are retried.
    await context.executor?.runWritten(runKey);
    await context.store.checkpoints.clear(runKey);
    outcome = await writtenRunOutcome({ base, context, selection, written, dataFiles });
    await writeRunReport(outcome);
  }
  await appendCostLedgerEntry(suiteDirectoryOf(context), outcome);
  context.observer.onRunEnd(outcome);
  return outcome;
}

/**
 * Executes a run's instances in this process or on the distributed executor's workers, telling
 * the observer as each ends. A run that fails leaves no run directory behind; on workers, each
 * batch's checkpoints come back and are saved here, so the run directory is written from this
 * process's store either way (checkCheckpointsReceived).
 */
async function executeRunInstances(
  setup: RunInstancesSetup,
  selection: EvalSelection,
  writer: RunDirectoryWriter,
  noMoreInstances: () => void,
): Promise<ExecutionTally> {
  const { plan, context, runKey } = setup;
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
  try {
    if (context.executor === undefined) {
      return await executeInProcess(setup, selection.instances(), {
        ...(usesBatches(plan, context) ? { lanes: Math.max(plan.concurrency, selection.selectedCount) } : {}),
        completions: writer.completions,
        onInstanceDone,
        noMoreInstances,
      });
    }
    const tally = await context.executor.executeRun({
      plan,
      runKey,
      total: selection.selectedCount,
      resuming: context.store.checkpoints.count(runKey) > 0,
      signal: context.signal,
      onQueued: noMoreInstances,
      onInstanceDone,
      savedCheckpoints: () => context.store.checkpoints.iterate(runKey),
      save: async (checkpoints) => {
        await Promise.all(checkpoints.map((record) => context.store.checkpoints.save(runKey, record)));
      },
      onCostCap: context.stopForCost,
    });
    if (!context.signal.aborted) checkCheckpointsReceived(context.store, runKey, tally);
    return tally;
  } catch (error) {
    noMoreInstances();
    // A run that fails (e.g. a bad data row) leaves no partial run directory behind.
    await abandonRunDirectory(writer);
    throw error;
  }
}

/** The warning of a benchmark with a jury when the run has no judges; undefined otherwise. */
function jurySkippedWarning(plan: RunPlan, context: InvocationContext): string | undefined {
  const { needsJudges, juryRuns } = juryOf(plan, context);
  if (!needsJudges || juryRuns) return undefined;
  const names = juryNames(plan.benchmark.annotators ?? []);
  return `${benchmarkName(plan.benchmark)}: the LLM jury was skipped because no judges are configured, so its jury score is missing; the other metrics are computed. Configure judges with --judges ${names
    .map((name) => `${name}=<model>`)
    .join(',')} (any deployment ids or provider:model).`;
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
    /** Instances in flight at once; default the plan's concurrency (a batched run takes them all). */
    lanes?: number;
    /**
     * Where instances' checkpoints are looked up and saved instead of the store (a worker's batch:
     * handed back to the coordinator, which saves them into its store).
     */
    checkpoints?: Pick<CheckpointStore, 'get' | 'save'>;
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
          batchFallback: context.batchFallback ?? 'batch',
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
    checkpoints: hooks.checkpoints ?? context.store.checkpoints,
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
    hooks.lanes ?? plan.concurrency,
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
  const { model, limiter, breaker, batch } = context.pool.get(plan.deployment, plan.concurrency);
  const metered = new MeteredModel(model, {
    cache: context.requestCache,
    limiter,
    breaker,
    meter,
    ...(batch === undefined
      ? {}
      : { batch: { dispatcher: batch, fallback: context.batchFallback ?? 'batch' } }),
    signal: context.signal,
    ...(price === undefined ? {} : { price }),
    ...(context.budget === undefined ? {} : { budget: context.budget }),
    ...(context.retry === undefined ? {} : { retry: context.retry }),
  });
  return { model: metered, meter };
}

/**
 * Whether the run's calls (its model's, or its judges') go through a batch API: then every
 * instance is taken at once, so that its requests reach the batch together instead of a few at a
 * time (the deployments' limiters bound only synchronous calls).
 */
function usesBatches(plan: RunPlan, context: InvocationContext): boolean {
  const juryRuns = (plan.benchmark.annotators ?? []).some((annotator) => annotator.needsJudges);
  return (
    plan.deployment.batch === true ||
    (juryRuns && context.judges.some((judge) => judge.deployment.batch === true))
  );
}

/** The judge names to suggest: those a benchmark's jury names (a user-defined one), else HELM's. */
function juryNames(annotators: readonly AnnotatorV1[]): readonly string[] {
  return annotators.find((annotator) => annotator.judgeNames !== undefined)?.judgeNames ?? HELM_JUDGE_NAMES;
}

const HELM_JUDGE_NAMES = ['gpt', 'llama', 'claude'];
