import { juryBenchmark } from '@medhelm/benchmark-recipes';
import type { BenchmarkV1 } from '@medhelm/core';
import { MENTAL_HEALTH_CARD } from './mental-health-card.ts';
import { createMentalHealthDataset } from './mental-health-dataset.ts';
import { mentalHealthJuryRubric } from './mental-health-jury-rubric.ts';

/**
 * MedHELM's MentalHealth benchmark (`mental_health`): the counselor's next reply in a counseling
 * dialogue, judged by HELM's three-judge LLM jury (`mental_health_accuracy`, the headline) with
 * ROUGE against the reply the counselor gave alongside. Private: the dialogues are not released;
 * a health system runs it on its own.
 */
export function createMentalHealthBenchmark(): BenchmarkV1 {
  return juryBenchmark(MENTAL_HEALTH_CARD, {
    dataset: createMentalHealthDataset(),
    rubric: mentalHealthJuryRubric,
  });
}
