import { multipleChoiceBenchmark, readBenchmarkCard } from '@medhelm/benchmark-recipes';
import type { BenchmarkV1 } from '@medhelm/core';
import card from './benchmark-card.json' with { type: 'json' };
import { createMedMcqaDataset } from './med-mcqa-dataset.ts';

/** HELM's specification of MedMCQA (`benchmark-card.json`): id, metadata, prompt, scenario. */
export const MED_MCQA_CARD = readBenchmarkCard(card, '@medhelm/benchmark-med-mcqa');

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
