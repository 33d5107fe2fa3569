import { multipleChoiceBenchmark } from '@medhelm/benchmark-recipes';
import type { BenchmarkV1 } from '@medhelm/core';
import { MEDBULLETS_CARD } from './medbullets-card.ts';
import { createMedbulletsDataset } from './medbullets-dataset.ts';

/**
 * MedHELM's Medbullets benchmark: USMLE Step 2/3 style clinical questions with five options A-E,
 * asked as a lettered multiple-choice prompt and scored with HELM's exact-match family on the
 * mapped answer.
 */
export function createMedbulletsBenchmark(): BenchmarkV1 {
  return multipleChoiceBenchmark(MEDBULLETS_CARD, { dataset: createMedbulletsDataset() });
}
