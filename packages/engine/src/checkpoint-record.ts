import type { GenerationResult, IdentifiedInstance, RenderedPromptV1 } from '@medhelm/core';

/** What the engine checkpoints per instance while a run is in progress. */
export interface InstanceCheckpoint {
  status: 'ok' | 'failed';
  /** Request cache key of the rendered request: a changed prompt is never resumed. */
  requestKey: string;
  instance: IdentifiedInstance;
  rendered: RenderedPromptV1;
  result?: GenerationResult;
  /** Whether the result came from the request cache (HELM's `cached`). */
  cached?: boolean;
  /** Why the model call failed, for `status: 'failed'`. */
  error?: string;
  /** The benchmark's annotations (HELM's `RequestState.annotations`), by annotator id. */
  annotations?: Record<string, unknown>;
  /** Why an annotator could not annotate, by annotator id. */
  annotationErrors?: Record<string, string>;
}

/** A checkpoint with a model result. */
export type CompletedCheckpoint = InstanceCheckpoint & { status: 'ok'; result: GenerationResult };

export function isCompleted(checkpoint: InstanceCheckpoint | undefined): checkpoint is CompletedCheckpoint {
  return checkpoint?.status === 'ok' && checkpoint.result !== undefined;
}
