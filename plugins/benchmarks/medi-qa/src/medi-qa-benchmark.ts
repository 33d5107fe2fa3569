import { juryBenchmark } from '@medhelm/benchmark-recipes';
import type { BenchmarkV1 } from '@medhelm/core';
import { MEDI_QA_CARD } from './medi-qa-card.ts';
import { createMediQaDataset } from './medi-qa-dataset.ts';
import { mediQaJuryRubric } from './medi-qa-jury-rubric.ts';

/**
 * MedHELM's MEDIQA benchmark: answer consumer health questions (MEDIQA 2019 Task 3), judged by
 * HELM's three-judge LLM jury (`medi_qa_accuracy`, the headline) with ROUGE alongside.
 */
export function createMediQaBenchmark(): BenchmarkV1 {
  return juryBenchmark(MEDI_QA_CARD, { dataset: createMediQaDataset(), rubric: mediQaJuryRubric });
}
