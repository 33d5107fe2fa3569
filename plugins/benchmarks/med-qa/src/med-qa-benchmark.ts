import { multipleChoiceBenchmark, readBenchmarkCard } from '@medhelm/benchmark-recipes';
import type { BenchmarkV1 } from '@medhelm/core';
import card from './benchmark-card.json' with { type: 'json' };
import { createMedQaDataset } from './med-qa-dataset.ts';

/** HELM's specification of MedQA (`benchmark-card.json`): id, metadata, prompt, scenario. */
export const MED_QA_CARD = readBenchmarkCard(card, '@medhelm/benchmark-med-qa');

/**
 * MedHELM's MedQA benchmark: USMLE-style questions with four options (the US `4_options` subset),
 * asked as a lettered multiple-choice prompt and scored with HELM's exact-match family on the
 * mapped answer. HELM evaluates the dev (`valid`) and test questions; the headline is `test`.
 */
export function createMedQaBenchmark(): BenchmarkV1 {
  // The MedHELM schema's main_name is exact_match; the scenario's own metadata says quasi_exact_match.
  return multipleChoiceBenchmark(MED_QA_CARD, { dataset: createMedQaDataset() });
}
