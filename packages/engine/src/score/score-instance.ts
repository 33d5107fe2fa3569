import {
  applyNormalizers,
  type BenchmarkV1,
  type DatasetFileV1,
  type ScorerV1,
  type ScoreValuesV1,
  toMedHelmError,
} from '@medhelm/core';
import type { CompletedCheckpoint } from '../checkpoint-record.ts';

/** The normalized prediction of a completed instance (first completion through the normalizers). */
export function predictionOf(
  benchmark: BenchmarkV1,
  checkpoint: CompletedCheckpoint,
): { completion: string; prediction: string | null } {
  const completion = checkpoint.result.completions[0]?.text ?? '';
  const prediction = applyNormalizers(benchmark.normalizers, completion, {
    instance: checkpoint.instance,
    ...(checkpoint.rendered.outputMapping === undefined
      ? {}
      : { outputMapping: checkpoint.rendered.outputMapping }),
  });
  return { completion, prediction };
}

/**
 * One scorer's values for one completed instance, or the reason it could not score it. A scorer
 * that throws (as HELM's metric raises on some inputs) leaves the instance unscored; the run goes on.
 */
export async function scoreInstance(
  benchmark: BenchmarkV1,
  scorer: ScorerV1,
  checkpoint: CompletedCheckpoint,
  resolveFile?: (file: DatasetFileV1) => Promise<string>,
): Promise<{ values: ScoreValuesV1 } | { error: string }> {
  const { completion, prediction } = predictionOf(benchmark, checkpoint);
  try {
    const values = await scorer.score({
      instance: checkpoint.instance,
      request: checkpoint.rendered.request,
      result: checkpoint.result,
      completion,
      prediction,
      numTrainInstances: checkpoint.rendered.numTrainInstances,
      promptTruncated: checkpoint.rendered.promptTruncated,
      ...(resolveFile === undefined ? {} : { resolveFile }),
      ...(checkpoint.annotations === undefined ? {} : { annotations: checkpoint.annotations }),
    });
    return { values };
  } catch (error) {
    return { error: toMedHelmError(error).message };
  }
}
