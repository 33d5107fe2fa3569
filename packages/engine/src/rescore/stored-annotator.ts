import { type AnnotatorV1, MedHelmError } from '@medhelm/core';
import type { StoredRun } from './read-stored-run.ts';

/**
 * An annotator that gives each instance the annotation `annotator` made in the finished run (e.g.
 * the jury's verdicts), calling no judge: a rescore without `--judges` keeps the old jury's
 * verdicts and scores them with today's scorers. An instance the run holds no such annotation for
 * fails, saying so, rather than being scored as if judged.
 */
export function storedAnnotator(annotator: AnnotatorV1, stored: StoredRun): AnnotatorV1 {
  const byId = new Map<string, unknown>();
  for (const state of stored.states) {
    const annotations = state.annotations;
    if (annotations !== undefined && Object.hasOwn(annotations, annotator.id))
      byId.set(state.instance.id, annotations[annotator.id]);
  }
  return {
    specificationVersion: annotator.specificationVersion,
    id: annotator.id,
    ...(annotator.helmAnnotatorSpec === undefined ? {} : { helmAnnotatorSpec: annotator.helmAnnotatorSpec }),
    ...(annotator.judgeSettings === undefined ? {} : { judgeSettings: annotator.judgeSettings }),
    ...(annotator.invalidReplyNote === undefined ? {} : { invalidReplyNote: annotator.invalidReplyNote }),
    ...(annotator.runWarning === undefined ? {} : { runWarning: annotator.runWarning }),
    // The stored verdicts are counted as a run's are: invalid replies are reported again.
    ...(annotator.judgeReplies === undefined
      ? {}
      : { judgeReplies: (annotation: unknown) => annotator.judgeReplies?.(annotation) ?? [] }),
    needsJudges: false,
    async annotate(input) {
      if (!byId.has(input.instance.id)) {
        throw new MedHelmError(
          `${stored.directory} holds no ${annotator.id} annotation for instance ${input.instance.id}; give --judges to judge it anew`,
        );
      }
      return byId.get(input.instance.id);
    },
  };
}

/** Whether the finished run holds any annotation of `annotator`. */
export function hasStoredAnnotations(annotator: AnnotatorV1, stored: StoredRun): boolean {
  return stored.states.some(
    (state) => state.annotations !== undefined && Object.hasOwn(state.annotations, annotator.id),
  );
}
