import { multipleChoiceBenchmark } from '@medhelm/benchmark-recipes';
import type { BenchmarkV1 } from '@medhelm/core';
import { MED_QA_CARD } from './med-qa-card.ts';
import { createMedQaDataset } from './med-qa-dataset.ts';

/**
 * MedHELM's MedQA benchmark: USMLE-style questions with four options (the US `4_options` subset),
 * asked as a lettered multiple-choice prompt and scored with HELM's exact-match family on the
 * mapped answer. HELM evaluates the dev (`valid`) and test questions; the headline is `test`.
 */
export function createMedQaBenchmark(): BenchmarkV1 {
  // The MedHELM schema's main_name is exact_match; the scenario's own metadata says quasi_exact_match.
  return multipleChoiceBenchmark(MED_QA_CARD, { dataset: createMedQaDataset() });
}
