import { juryBenchmark } from '@medhelm/benchmark-recipes';
import type { BenchmarkV1 } from '@medhelm/core';
import { MIMIC_BHC_CARD } from './mimic-bhc-card.ts';
import { createMimicBhcDataset } from './mimic-bhc-dataset.ts';
import { mimicBhcJuryRubric } from './mimic-bhc-jury-rubric.ts';

/**
 * MedHELM's MIMIC-IV-BHC benchmark: summarize a MIMIC-IV discharge note into its brief hospital
 * course, judged by HELM's three-judge LLM jury (`mimic_bhc_accuracy`, the headline) with ROUGE
 * alongside. Gated: the data comes from PhysioNet under a data use agreement.
 */
export function createMimicBhcBenchmark(): BenchmarkV1 {
  return juryBenchmark(MIMIC_BHC_CARD, { dataset: createMimicBhcDataset(), rubric: mimicBhcJuryRubric });
}
