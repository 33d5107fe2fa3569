import { juryBenchmark } from '@medhelm/benchmark-recipes';
import type { BenchmarkV1 } from '@medhelm/core';
import { MEDICATION_QA_CARD } from './medication-qa-card.ts';
import { createMedicationQaDataset } from './medication-qa-dataset.ts';
import { medicationQaJuryRubric } from './medication-qa-jury-rubric.ts';

/**
 * MedHELM's MedicationQA benchmark: answer consumer questions about medications, judged by HELM's
 * three-judge LLM jury (`medication_qa_accuracy`, the headline) with ROUGE alongside.
 */
export function createMedicationQaBenchmark(): BenchmarkV1 {
  return juryBenchmark(MEDICATION_QA_CARD, {
    dataset: createMedicationQaDataset(),
    rubric: medicationQaJuryRubric,
  });
}
