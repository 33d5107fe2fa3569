import { juryBenchmark, readBenchmarkCard } from '@medhelm/benchmark-recipes';
import type { BenchmarkV1 } from '@medhelm/core';
import card from './benchmark-card.json' with { type: 'json' };
import { createMimicRrsDataset } from './mimic-rrs-dataset.ts';
import { mimicRrsJuryRubric } from './mimic-rrs-jury-rubric.ts';

/** HELM's specification of MIMIC-RRS (`benchmark-card.json`): id, metadata, prompt, scenario. */
export const MIMIC_RRS_CARD = readBenchmarkCard(card, '@medhelm/benchmark-mimic-rrs');

/**
 * MedHELM's MIMIC-RRS benchmark: write the impression section of a MIMIC-III radiology report
 * from its findings, judged by HELM's three-judge LLM jury (`mimic_rrs_accuracy`, the headline)
 * with ROUGE alongside. Gated: the data comes from PhysioNet under the MIMIC-III data use agreement.
 */
export function createMimicRrsBenchmark(): BenchmarkV1 {
  return juryBenchmark(MIMIC_RRS_CARD, { dataset: createMimicRrsDataset(), rubric: mimicRrsJuryRubric });
}
