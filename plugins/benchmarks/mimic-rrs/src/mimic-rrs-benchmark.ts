import { juryBenchmark } from '@medhelm/benchmark-recipes';
import type { BenchmarkV1 } from '@medhelm/core';
import { MIMIC_RRS_CARD } from './mimic-rrs-card.ts';
import { createMimicRrsDataset } from './mimic-rrs-dataset.ts';
import { mimicRrsJuryRubric } from './mimic-rrs-jury-rubric.ts';

/**
 * MedHELM's MIMIC-RRS benchmark: write the impression section of a MIMIC-III radiology report
 * from its findings, judged by HELM's three-judge LLM jury (`mimic_rrs_accuracy`, the headline)
 * with ROUGE alongside. Gated: the data comes from PhysioNet under the MIMIC-III data use agreement.
 */
export function createMimicRrsBenchmark(): BenchmarkV1 {
  return juryBenchmark(MIMIC_RRS_CARD, { dataset: createMimicRrsDataset(), rubric: mimicRrsJuryRubric });
}
