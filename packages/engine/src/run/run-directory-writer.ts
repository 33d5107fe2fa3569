import { join } from 'node:path';
import type { DatasetFileV1, PromptRendererV2 } from '@medhelm/core';
import type { MedHelmStore, RequestCacheLike } from '@medhelm/store';
import { type CompletedInstance, type InstanceCheckpoint, isCompleted } from '../checkpoint-record.ts';
import type { MeteredModel } from '../execute/metered-model.ts';
import type { InvocationContext } from '../invocation-context.ts';
import type { RunPlan } from '../plan/plan-runs.ts';
import type { EvalSelection } from '../select/select-eval-instances.ts';
import { OrderedCompletions, RunStoppedError } from '../write/ordered-completions.ts';
import { type WrittenRun, writeRunDirectory } from '../write/write-run-directory.ts';

/** A run's directory being written while its instances execute. */
export interface RunDirectoryWriter {
  /** Where executed instances are handed, in any order; the writer takes them in HELM's. */
  completions: OrderedCompletions;
  /** The writer's work; settles once `completions` is finished or aborted. */
  writing: Promise<WrittenRun>;
}

/**
 * Starts writing a run's directory: in HELM's order while the instances execute here (see
 * OrderedCompletions), or after the fact, read back from the shared store, when they execute on
 * workers or the run is downsampled.
 */
export function startRunDirectoryWriter(options: {
  plan: RunPlan;
  render: PromptRendererV2;
  context: InvocationContext;
  runKey: string;
  selection: EvalSelection;
  model: MeteredModel;
  resolveFile: (file: DatasetFileV1) => Promise<string>;
}): RunDirectoryWriter {
  const { plan, context, selection } = options;
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
        options.render,
        { store: context.store, requestCache: context.requestCache, model: options.model },
        options.runKey,
        fromPosition,
      ),
  });
  const writing = writeRunDirectory({
    plan,
    suiteDirectory: suiteDirectoryOf(context),
    resolveFile: options.resolveFile,
    ...(context.scorerServices === undefined ? {} : { scorerServices: context.scorerServices }),
    completed: completions,
  });
  // Observed at once, so a failed writer is never an unhandled rejection; awaited later.
  writing.catch(() => {});
  return { completions, writing };
}

/** The suite's folder of run directories (`<output>/runs/<suite>`). */
export function suiteDirectoryOf(context: Pick<InvocationContext, 'outputPath' | 'suite'>): string {
  return join(context.outputPath, 'runs', context.suite);
}

/** Stops the writer without a run directory (a run that failed leaves none half-written). */
export async function abandonRunDirectory(writer: RunDirectoryWriter): Promise<void> {
  writer.completions.abort();
  await writer.writing.catch(() => {});
}

/**
 * Ends the writer: finished, its run directory written; or, for an interrupted run, abandoned
 * (undefined: nothing is written, the checkpoints keep what completed).
 */
export async function finishRunDirectory(
  writer: RunDirectoryWriter,
  interrupted: boolean,
): Promise<WrittenRun | undefined> {
  if (interrupted) writer.completions.abort();
  else writer.completions.finish();
  return writer.writing.catch((error: unknown) => {
    if (interrupted && error instanceof RunStoppedError) return undefined;
    throw error;
  });
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
