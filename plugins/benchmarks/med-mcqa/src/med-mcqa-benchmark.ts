import { multipleChoiceBenchmark } from '@medhelm/benchmark-recipes';
import type { BenchmarkV1 } from '@medhelm/core';
import { MED_MCQA_CARD } from './med-mcqa-card.ts';
import { createMedMcqaDataset } from './med-mcqa-dataset.ts';

/**
 * MedHELM's MedMCQA benchmark: Indian medical entrance exam (AIIMS / NEET PG) questions with four
 * options, asked as a lettered multiple-choice prompt and scored with HELM's exact-match family on
 * the mapped answer. Only the dev questions (`valid`) are evaluated: the test answers are not
 * public, so the headline is on `valid`.
 */
export function createMedMcqaBenchmark(): BenchmarkV1 {
  return multipleChoiceBenchmark(MED_MCQA_CARD, {
    dataset: createMedMcqaDataset(),
    // The MedHELM schema's main_name on its main_split.
    mainSplit: 'valid',
  });
}
