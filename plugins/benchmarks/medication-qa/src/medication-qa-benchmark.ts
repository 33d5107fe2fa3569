import { juryBenchmark, readBenchmarkCard } from '@medhelm/benchmark-recipes';
import type { BenchmarkV1 } from '@medhelm/core';
import card from './benchmark-card.json' with { type: 'json' };
import { createMedicationQaDataset } from './medication-qa-dataset.ts';
import { medicationQaJuryRubric } from './medication-qa-jury-rubric.ts';

/** HELM's specification of MedicationQA (`benchmark-card.json`): id, metadata, prompt, scenario. */
export const MEDICATION_QA_CARD = readBenchmarkCard(card, '@medhelm/benchmark-medication-qa');

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
