import { juryBenchmark, readBenchmarkCard } from '@medhelm/benchmark-recipes';
import type { BenchmarkV1 } from '@medhelm/core';
import card from './benchmark-card.json' with { type: 'json' };
import { createDischargemeDataset } from './dischargeme-dataset.ts';
import { dischargemeJuryRubric } from './dischargeme-jury-rubric.ts';

/** HELM's specification of DischargeMe (`benchmark-card.json`): id, metadata, prompt, scenario. */
export const DISCHARGEME_CARD = readBenchmarkCard(card, '@medhelm/benchmark-dischargeme');

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
