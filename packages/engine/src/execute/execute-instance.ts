import {
  type AnnotatorV1,
  type DatasetFileV1,
  type GenerationResult,
  type IdentifiedInstance,
  type JudgeV1,
  ModelCallError,
  type PromptRendererV2,
  type RenderedPromptV1,
  toMedHelmError,
} from '@medhelm/core';
import type { CheckpointStore } from '@medhelm/store';
import { type CompletedInstance, type InstanceCheckpoint, isCompleted } from '../checkpoint-record.ts';
import type { SelectedInstance } from '../select/select-eval-instances.ts';
import type { TokenCounts } from '../token-counts.ts';
import { annotateInstance } from './annotate-instance.ts';
import { CostCapReached } from './cost-cap-reached.ts';
import type { MeteredModel } from './metered-model.ts';
import { stopsTheRun } from './stops-the-run.ts';

/** Where an instance's answer came from in this invocation, or why it has none. */
export type InstanceSource = 'model' | 'cache' | 'checkpoint' | 'failed';

/** An executed instance: where its answer came from, and what the run directory needs of it. */
export interface ExecutedInstance {
  source: InstanceSource;
  /** The instance with its prompt and saved checkpoint; absent when it failed. */
  completed?: CompletedInstance;
  /** Why it failed (its model call or an annotator, e.g. a judge that could not be asked). */
  error?: string;
}

/** What one run's instances share while they execute. */
export interface RunExecution {
  /** The checkpoint key of the run (`<suite>/<run name>`). */
  runKey: string;
  render: PromptRendererV2;
  model: MeteredModel;
  /** Where checkpoints are looked up and saved: the store, or a worker's batch handed back to the coordinator. */
  checkpoints: Pick<CheckpointStore, 'get' | 'save'>;
  /** Whether the run has checkpoints of an earlier invocation (a fresh run skips every lookup). */
  resuming: boolean;
  annotators: readonly AnnotatorV1[];
  judges: readonly JudgeV1[];
  resolveFile: (file: DatasetFileV1) => Promise<string>;
  /** Aborted by Ctrl-C or `--max-cost`: no new call starts. */
  signal: AbortSignal;
  /** Token usage of the answers taken from an interrupted run's checkpoints. */
  checkpointUsage: TokenCounts;
  /** Stops the invocation: a call was refused because it could cross `--max-cost`. */
  onCostCap: () => void;
  /** Records a failed model call (the instance is left out and retried next time). */
  onFailure: (instanceId: string, error: string) => void;
}

/**
 * Executes one instance: its prompt rendered from the plan's adapter spec; its checkpoint reused
 * when the prompt is unchanged; otherwise the model called through the metered model (cache,
 * limiter, retries, cost); then the annotators (the LLM jury); and the checkpoint saved, awaited
 * until committed, so that once this resolves the instance survives any crash. Returns undefined
 * when the run stopped before the instance was done (it is redone next time, from the cache).
 */
export async function executeInstance(
  execution: RunExecution,
  { position, instance }: SelectedInstance,
): Promise<ExecutedInstance | undefined> {
  const rendered = execution.render(instance);
  const requestKey = execution.model.keyOf(rendered.request);
  // A fresh run has no checkpoints: no lookup per instance.
  const saved = execution.resuming
    ? (execution.checkpoints.get(execution.runKey, instance.id)?.data as InstanceCheckpoint | undefined)
    : undefined;
  const save = (checkpoint: InstanceCheckpoint) =>
    execution.checkpoints.save(execution.runKey, { position, instanceId: instance.id, data: checkpoint });

  if (isCompleted(saved) && saved.requestKey === requestKey) {
    execution.checkpointUsage.promptTokens += saved.result.usage.promptTokens;
    execution.checkpointUsage.completionTokens += saved.result.usage.completionTokens;
    const annotated = await annotate(execution, instance, rendered, saved.result, saved.annotations);
    if (annotated === undefined) return undefined;
    if ('error' in annotated) return failed(execution, instance.id, save, requestKey, annotated.error);
    const { annotations: _a, annotationErrors: _e, ...rest } = saved;
    const checkpoint = { ...rest, ...annotated };
    if (!sameAnnotations(saved, annotated)) await save(checkpoint);
    return { source: 'checkpoint', completed: { instance, rendered, checkpoint } };
  }

  let result: GenerationResult;
  let cached: boolean;
  try {
    // Not cancelled by Ctrl-C: a request in flight is paid for, so it finishes and is saved.
    const generation = await execution.model.generate(rendered.request, { requestKey });
    result = generation.result;
    cached = generation.cached;
  } catch (error) {
    if (CostCapReached.isInstance(error)) {
      execution.onCostCap();
      return undefined;
    }
    if (execution.signal.aborted && !ModelCallError.isInstance(error)) return undefined;
    // A dead server or a refusal no retry can fix would fail every instance the same way: stop
    // the run and say why instead.
    if (stopsTheRun(error)) throw error;
    return failed(execution, instance.id, save, requestKey, error);
  }
  const annotated = await annotate(execution, instance, rendered, result);
  if (annotated === undefined) return undefined;
  if ('error' in annotated) return failed(execution, instance.id, save, requestKey, annotated.error);
  const checkpoint = { status: 'ok' as const, requestKey, result, cached, ...annotated };
  // An answer from the request cache needs no checkpoint of its own (a resumed run finds it in
  // the cache again), unless annotations must be kept or an earlier checkpoint must be replaced.
  if (!cached || execution.annotators.length > 0 || execution.resuming) await save(checkpoint);
  return { source: cached ? 'cache' : 'model', completed: { instance, rendered, checkpoint } };
}

/**
 * Records a failed instance (its model call or an annotator failed): reported with the run and
 * checkpointed as failed, so the next invocation retries it (a candidate answer already given comes
 * from the request cache then).
 */
async function failed(
  execution: RunExecution,
  instanceId: string,
  save: (checkpoint: InstanceCheckpoint) => Promise<void>,
  requestKey: string,
  error: unknown,
): Promise<ExecutedInstance> {
  const message = toMedHelmError(error, `instance ${instanceId}`).message;
  execution.onFailure(instanceId, message);
  await save({ status: 'failed', requestKey, error: message });
  return { source: 'failed', error: message };
}

/**
 * The annotation fields of an instance's checkpoint (none when the benchmark has no annotators);
 * `{ error }` when an annotator failed (e.g. a judge that could not be asked: the instance fails,
 * never scored as if the judge had answered); undefined when the run was stopped while the
 * annotators worked (nothing of it is saved). A failure that would fail every instance the same
 * way (a dead judge server) stops the run.
 */
async function annotate(
  execution: RunExecution,
  instance: IdentifiedInstance,
  rendered: RenderedPromptV1,
  result: GenerationResult,
  previous?: Readonly<Record<string, unknown>>,
): Promise<Pick<InstanceCheckpoint, 'annotations'> | { error: unknown } | undefined> {
  if (execution.annotators.length === 0) return {};
  try {
    const annotations = await annotateInstance(
      execution.annotators,
      { instance, request: rendered.request, result, resolveFile: execution.resolveFile },
      { judges: execution.judges, signal: execution.signal },
      previous,
    );
    return Object.keys(annotations).length === 0 ? {} : { annotations };
  } catch (error) {
    if (CostCapReached.isInstance(error)) execution.onCostCap();
    if (execution.signal.aborted || CostCapReached.isInstance(error)) return undefined;
    if (stopsTheRun(error)) throw error;
    return { error };
  }
}

function sameAnnotations(
  saved: InstanceCheckpoint,
  annotated: Pick<InstanceCheckpoint, 'annotations'>,
): boolean {
  return (
    JSON.stringify(saved.annotations ?? null) === JSON.stringify(annotated.annotations ?? null) &&
    saved.annotationErrors === undefined
  );
}
