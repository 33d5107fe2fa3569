import { multipleChoiceBenchmark } from '@medhelm/benchmark-recipes';
import type { BenchmarkV1 } from '@medhelm/core';
import { HEAD_QA_CARD } from './head-qa-card.ts';
import { createHeadQaDataset } from './head-qa-dataset.ts';

/**
 * MedHELM's HEAD-QA benchmark: the English test split (2016 and 2017 Spanish healthcare
 * specialisation exams) without the questions that need an image, asked as a lettered A-D
 * multiple-choice prompt and scored with HELM's exact-match family on the mapped answer.
 */
export function createHeadQaBenchmark(): BenchmarkV1 {
  return multipleChoiceBenchmark(HEAD_QA_CARD, { dataset: createHeadQaDataset() });
}
