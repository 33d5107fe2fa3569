import { multipleChoiceBenchmark, readBenchmarkCard } from '@medhelm/benchmark-recipes';
import type { BenchmarkV1 } from '@medhelm/core';
import card from './benchmark-card.json' with { type: 'json' };
import { createMedbulletsDataset } from './medbullets-dataset.ts';

/** HELM's specification of Medbullets (`benchmark-card.json`): id, metadata, prompt, scenario. */
export const MEDBULLETS_CARD = readBenchmarkCard(card, '@medhelm/benchmark-medbullets');

/**
 * MedHELM's Medbullets benchmark: USMLE Step 2/3 style clinical questions with five options A-E,
 * asked as a lettered multiple-choice prompt and scored with HELM's exact-match family on the
 * mapped answer.
 */
export function createMedbulletsBenchmark(): BenchmarkV1 {
  return multipleChoiceBenchmark(MEDBULLETS_CARD, { dataset: createMedbulletsDataset() });
}
