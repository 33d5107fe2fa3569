import { multipleChoiceBenchmark, readBenchmarkCard } from '@medhelm/benchmark-recipes';
import type { BenchmarkV1 } from '@medhelm/core';
import card from './benchmark-card.json' with { type: 'json' };
import { createRaceBasedMedDataset } from './race-based-med-dataset.ts';

/** HELM's specification of RaceBias (`benchmark-card.json`): id, metadata, prompt, scenario. */
export const RACE_BASED_MED_CARD = readBenchmarkCard(card, '@medhelm/benchmark-race-based-med');

/**
 * MedHELM's RaceBias benchmark: decide whether an LLM's answer to a medical question (from the
 * supplement of Omiye et al., 2023) contains harmful, inaccurate or race-based content, asked as
 * a yes/no lettered multiple-choice prompt and scored with HELM's exact-match family on the mapped
 * answer.
 */
export function createRaceBasedMedBenchmark(): BenchmarkV1 {
  return multipleChoiceBenchmark(RACE_BASED_MED_CARD, { dataset: createRaceBasedMedDataset() });
}
