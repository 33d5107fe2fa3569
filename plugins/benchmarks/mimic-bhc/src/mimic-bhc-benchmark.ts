import { juryBenchmark, readBenchmarkCard } from '@medhelm/benchmark-recipes';
import type { BenchmarkV1 } from '@medhelm/core';
import card from './benchmark-card.json' with { type: 'json' };
import { createMimicBhcDataset } from './mimic-bhc-dataset.ts';
import { mimicBhcJuryRubric } from './mimic-bhc-jury-rubric.ts';

/** HELM's specification of MIMIC-IV-BHC (`benchmark-card.json`): id, metadata, prompt, scenario. */
export const MIMIC_BHC_CARD = readBenchmarkCard(card, '@medhelm/benchmark-mimic-bhc');

/**
 * MedHELM's MIMIC-IV-BHC benchmark: summarize a MIMIC-IV discharge note into its brief hospital
 * course, judged by HELM's three-judge LLM jury (`mimic_bhc_accuracy`, the headline) with ROUGE
 * alongside. Gated: the data comes from PhysioNet under a data use agreement.
 */
export function createMimicBhcBenchmark(): BenchmarkV1 {
  return juryBenchmark(MIMIC_BHC_CARD, { dataset: createMimicBhcDataset(), rubric: mimicBhcJuryRubric });
}
