import { multipleChoiceBenchmark, readBenchmarkCard } from '@medhelm/benchmark-recipes';
import type { BenchmarkV1 } from '@medhelm/core';
import card from './benchmark-card.json' with { type: 'json' };
import { createHeadQaDataset } from './head-qa-dataset.ts';

/** HELM's specification of HeadQA (`benchmark-card.json`): id, metadata, prompt, scenario. */
export const HEAD_QA_CARD = readBenchmarkCard(card, '@medhelm/benchmark-head-qa');

/**
 * MedHELM's HEAD-QA benchmark: the English test split (2016 and 2017 Spanish healthcare
 * specialisation exams) without the questions that need an image, asked as a lettered A-D
 * multiple-choice prompt and scored with HELM's exact-match family on the mapped answer.
 */
export function createHeadQaBenchmark(): BenchmarkV1 {
  return multipleChoiceBenchmark(HEAD_QA_CARD, { dataset: createHeadQaDataset() });
}
