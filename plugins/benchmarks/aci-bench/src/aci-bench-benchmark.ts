import { juryBenchmark } from '@medhelm/benchmark-recipes';
import type { BenchmarkV1 } from '@medhelm/core';
import { ACI_BENCH_CARD } from './aci-bench-card.ts';
import { createAciBenchDataset } from './aci-bench-dataset.ts';
import { aciBenchJuryRubric } from './aci-bench-jury-rubric.ts';

/**
 * MedHELM's ACI-Bench benchmark: write a clinical note (history of present illness, physical exam,
 * results, assessment and plan) from a recorded doctor-patient dialogue, judged by HELM's
 * three-judge LLM jury (`aci_bench_accuracy`, the headline) with ROUGE alongside.
 */
export function createAciBenchBenchmark(): BenchmarkV1 {
  return juryBenchmark(ACI_BENCH_CARD, { dataset: createAciBenchDataset(), rubric: aciBenchJuryRubric });
}
