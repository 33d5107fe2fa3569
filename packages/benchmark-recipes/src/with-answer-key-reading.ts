import { type BenchmarkV1, PluginLoadError } from '@medhelm/core';
import {
  type AnswerKeyReading,
  MULTIPLE_CHOICE_OUTPUT_MAPPING_ID,
  multipleChoiceOutputMappingNormalizer,
} from '@medhelm/metrics';

/**
 * `benchmark` with HELM's output-mapping normalizer (the one {@link multipleChoiceBenchmarkParts}
 * gives every multiple-choice benchmark) replaced by one that reads answers that are not a key
 * `reading`'s way. What an opt-in variant applies; the other normalizers, the prompt and the
 * scorers stay as they are. A benchmark without HELM's normalizer cannot take the reading: a
 * PluginLoadError names it, since the variant was declared on the wrong benchmark.
 */
export function withAnswerKeyReading(
  benchmark: BenchmarkV1,
  reading: Exclude<AnswerKeyReading, 'helm'>,
  variantName: string,
): BenchmarkV1 {
  if (!benchmark.normalizers.some((normalizer) => normalizer.id === MULTIPLE_CHOICE_OUTPUT_MAPPING_ID)) {
    throw new PluginLoadError(
      benchmark.id,
      `its variant "${variantName}" reads multiple-choice answers, but the benchmark has no ${MULTIPLE_CHOICE_OUTPUT_MAPPING_ID} normalizer to replace`,
    );
  }
  return {
    ...benchmark,
    normalizers: benchmark.normalizers.map((normalizer) =>
      normalizer.id === MULTIPLE_CHOICE_OUTPUT_MAPPING_ID
        ? multipleChoiceOutputMappingNormalizer({ answerKeyReading: reading })
        : normalizer,
    ),
  };
}
