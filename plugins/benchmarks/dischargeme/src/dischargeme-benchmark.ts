import { juryBenchmark } from '@medhelm/benchmark-recipes';
import type { BenchmarkV1 } from '@medhelm/core';
import { DISCHARGEME_CARD } from './dischargeme-card.ts';
import { createDischargemeDataset } from './dischargeme-dataset.ts';
import { dischargemeJuryRubric } from './dischargeme-jury-rubric.ts';

/**
 * MedHELM's DischargeMe benchmark: write the brief hospital course or the discharge instructions
 * of a MIMIC-IV admission from its discharge note (the target section cut out) and a radiology
 * report, judged by HELM's three-judge LLM jury (`dischargeme_accuracy`, the headline) with ROUGE
 * alongside. Gated: the data comes from PhysioNet under a data use agreement.
 */
export function createDischargemeBenchmark(): BenchmarkV1 {
  return juryBenchmark(DISCHARGEME_CARD, {
    dataset: createDischargemeDataset(),
    rubric: dischargemeJuryRubric,
  });
}
