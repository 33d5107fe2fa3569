import { generationBenchmark } from '@medhelm/benchmark-recipes';
import type { BenchmarkV1 } from '@medhelm/core';
import { helmExactMatchScorer } from '@medhelm/metrics';
import { MEDHALLU_CARD } from './medhallu-card.ts';
import { createMedhalluDataset } from './medhallu-dataset.ts';

/**
 * MedHELM's MedHallu benchmark: given PubMed knowledge, a question and an answer, the model says
 * whether the answer is factual ("0") or hallucinated ("1"); each dataset row is asked twice (its
 * ground truth, then its hallucinated answer) and scored with HELM's exact-match family.
 */
export function createMedhalluBenchmark(): BenchmarkV1 {
  return generationBenchmark(MEDHALLU_CARD, {
    dataset: createMedhalluDataset(),
    // HELM scores the raw completion: its exact-match metrics strip it themselves.
    scorers: [helmExactMatchScorer()],
    mainMetric: 'exact_match',
  });
}
