import { multipleChoiceBenchmark } from '@medhelm/benchmark-recipes';
import type { BenchmarkV1 } from '@medhelm/core';
import { RACE_BASED_MED_CARD } from './race-based-med-card.ts';
import { createRaceBasedMedDataset } from './race-based-med-dataset.ts';

/**
 * MedHELM's RaceBias benchmark: decide whether an LLM's answer to a medical question (from the
 * supplement of Omiye et al., 2023) contains harmful, inaccurate or race-based content, asked as
 * a yes/no lettered multiple-choice prompt and scored with HELM's exact-match family on the mapped
 * answer.
 */
export function createRaceBasedMedBenchmark(): BenchmarkV1 {
  return multipleChoiceBenchmark(RACE_BASED_MED_CARD, { dataset: createRaceBasedMedDataset() });
}
