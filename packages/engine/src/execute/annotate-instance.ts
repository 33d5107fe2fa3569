import type {
  AnnotatorContextV1,
  AnnotatorV1,
  DatasetFileV1,
  GenerationRequest,
  GenerationResult,
  IdentifiedInstance,
  JudgeV1,
} from '@medhelm/core';

/**
 * Runs each annotator of the benchmark on one completed instance, keeping what earlier invocations
 * already annotated (`previous`), and returns the annotations by annotator id (HELM's
 * `RequestState.annotations`). Each annotator gets the run's judges it names (`judgeNames`), else
 * all of them; one that needs judges is left out when it gets none. An annotator that throws fails
 * the whole annotation (the caller fails the instance, as HELM stops when an annotator raises).
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
): Promise<Record<string, unknown>> {
  const annotations: Record<string, unknown> = {};
  for (const annotator of annotators) {
    if (previous !== undefined && Object.hasOwn(previous, annotator.id)) {
      annotations[annotator.id] = previous[annotator.id];
      continue;
    }
    const judges = judgesOf(annotator, context.judges);
    if (annotator.needsJudges && judges.length === 0) continue;
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
  }
  return annotations;
}

/**
 * The run's judges an annotator asks: those it names, in its order, else every one of them but
 * those asked by name only (the run's grader is no juror).
 */
export function judgesOf(annotator: AnnotatorV1, judges: readonly JudgeV1[]): readonly JudgeV1[] {
  const names = annotator.judgeNames;
  if (names === undefined) {
    return judges.some((judge) => judge.namedOnly === true)
      ? judges.filter((judge) => judge.namedOnly !== true)
      : judges;
  }
  return names.flatMap((name) => judges.filter((judge) => judge.name === name));
}
