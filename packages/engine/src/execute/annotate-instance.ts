import {
  type AnnotatorContextV1,
  type AnnotatorV1,
  type DatasetFileV1,
  type GenerationRequest,
  type GenerationResult,
  type IdentifiedInstance,
  type JudgeV1,
  toMedHelmError,
} from '@medhelm/core';

/** What a benchmark's annotators made of one instance. */
export interface InstanceAnnotations {
  /** Annotation by annotator id (HELM's `RequestState.annotations`). */
  annotations: Record<string, unknown>;
  /** Why an annotator could not annotate, by annotator id. */
  errors: Record<string, string>;
}

/**
 * Runs each annotator of the benchmark on one completed instance, keeping what earlier invocations
 * already annotated (`previous`). Each annotator gets the run's judges it names (`judgeNames`), else
 * all of them; one that needs judges is left out when it gets none; one that throws leaves the
 * instance without its annotation, with the reason.
 */
export async function annotateInstance(
  annotators: readonly AnnotatorV1[],
  input: {
    instance: IdentifiedInstance;
    request: GenerationRequest;
    result: GenerationResult;
    resolveFile?: (file: DatasetFileV1) => Promise<string>;
  },
  context: AnnotatorContextV1,
  previous?: Readonly<Record<string, unknown>>,
): Promise<InstanceAnnotations> {
  const annotations: Record<string, unknown> = {};
  const errors: Record<string, string> = {};
  for (const annotator of annotators) {
    if (previous !== undefined && Object.hasOwn(previous, annotator.id)) {
      annotations[annotator.id] = previous[annotator.id];
      continue;
    }
    const judges = judgesOf(annotator, context.judges);
    if (annotator.needsJudges && judges.length === 0) continue;
    try {
      annotations[annotator.id] = await annotator.annotate(
        {
          instance: input.instance,
          request: input.request,
          result: input.result,
          completion: input.result.completions[0]?.text ?? '',
          ...(input.resolveFile === undefined ? {} : { resolveFile: input.resolveFile }),
        },
        { ...context, judges },
      );
    } catch (error) {
      // A run stopped meanwhile (Ctrl-C, --max-cost) must not save the instance as unannotatable.
      if (context.signal?.aborted) throw error;
      errors[annotator.id] = toMedHelmError(error, `annotator ${annotator.id}`).message;
    }
  }
  return { annotations, errors };
}

/** The run's judges an annotator asks: those it names, in its order, else every one of them. */
export function judgesOf(annotator: AnnotatorV1, judges: readonly JudgeV1[]): readonly JudgeV1[] {
  const names = annotator.judgeNames;
  if (names === undefined) return judges;
  return names.flatMap((name) => judges.filter((judge) => judge.name === name));
}
