import type { GenerationResult, IdentifiedInstance, RenderedPromptV1 } from '@medhelm/core';

/**
 * What the engine checkpoints per instance while a run is in progress: only what the model and the
 * annotators returned. The instance and its prompt are not stored: they are loaded and rendered
 * again from the data when the run directory is written (deterministic and cheaper than storing
 * every prompt twice).
 */
export interface InstanceCheckpoint {
  status: 'ok' | 'failed';
  /** Request cache key of the rendered request: a changed prompt is never resumed. */
  requestKey: string;
  result?: GenerationResult;
  /** Whether the result came from the request cache (HELM's `cached`). */
  cached?: boolean;
  /** Why the model call failed, for `status: 'failed'`. */
  error?: string;
  /** The benchmark's annotations (HELM's `RequestState.annotations`), by annotator id. */
  annotations?: Record<string, unknown>;
  /**
   * Why an annotator could not annotate, by annotator id: written by earlier versions, which kept
   * such an instance as completed. No longer written (an annotator that fails fails the instance);
   * a checkpoint that has it is annotated again.
   */
  annotationErrors?: Record<string, string>;
}

/** A checkpoint with a model result. */
export type CompletedCheckpoint = InstanceCheckpoint & { status: 'ok'; result: GenerationResult };

export function isCompleted(checkpoint: InstanceCheckpoint | undefined): checkpoint is CompletedCheckpoint {
  return checkpoint?.status === 'ok' && checkpoint.result !== undefined;
}

/** A completed instance as the run directory is written from it: the data, its prompt, its checkpoint. */
export interface CompletedInstance {
  instance: IdentifiedInstance;
  rendered: RenderedPromptV1;
  checkpoint: CompletedCheckpoint;
}
