import {
  applyNormalizers,
  type BenchmarkV1,
  type DatasetFileV1,
  type ScorerV1,
  type ScoreValuesV1,
  toMedHelmError,
} from '@medhelm/core';
import type { CompletedInstance } from '../checkpoint-record.ts';

/** The first completion of an instance and its normalized prediction (through the normalizers). */
export interface Prediction {
  completion: string;
  prediction: string | null;
}

/** The normalized prediction of a completed instance (first completion through the normalizers). */
export function predictionOf(benchmark: BenchmarkV1, completed: CompletedInstance): Prediction {
  const completion = completed.checkpoint.result.completions[0]?.text ?? '';
  const prediction = applyNormalizers(benchmark.normalizers, completion, {
    instance: completed.instance,
    ...(completed.rendered.outputMapping === undefined
      ? {}
      : { outputMapping: completed.rendered.outputMapping }),
  });
  return { completion, prediction };
}

/**
 * One scorer's values for one completed instance, or the reason it could not score it. A scorer
 * that throws (as HELM's metric raises on some inputs) leaves the instance unscored; the run goes on.
 */
export async function scoreInstance(
  scorer: ScorerV1,
  completed: CompletedInstance,
  { completion, prediction }: Prediction,
  resolveFile?: (file: DatasetFileV1) => Promise<string>,
): Promise<{ values: ScoreValuesV1 } | { error: string }> {
  const { instance, rendered, checkpoint } = completed;
  try {
    const values = await scorer.score({
      instance,
      request: rendered.request,
      result: checkpoint.result,
      completion,
      prediction,
      numTrainInstances: rendered.numTrainInstances,
      promptTruncated: rendered.promptTruncated,
      ...(resolveFile === undefined ? {} : { resolveFile }),
      ...(checkpoint.annotations === undefined ? {} : { annotations: checkpoint.annotations }),
    });
    return { values };
  } catch (error) {
    return { error: toMedHelmError(error).message };
  }
}
