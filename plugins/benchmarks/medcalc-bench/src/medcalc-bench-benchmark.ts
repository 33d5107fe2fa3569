import { generationBenchmark } from '@medhelm/benchmark-recipes';
import type { BenchmarkV1 } from '@medhelm/core';
import {
  helmExactMatchScorer,
  MEDCALC_BENCH_ACCURACY_CORRECTED,
  medcalcBenchAccuracyCorrectedScorer,
  medcalcBenchAccuracyScorer,
} from '@medhelm/metrics';
import { MEDCALC_BENCH_CARD } from './medcalc-bench-card.ts';
import { createMedcalcBenchDataset } from './medcalc-bench-dataset.ts';

/**
 * MedHELM's MedCalc-Bench benchmark: compute a clinical value (score, lab value, date, dose) from a
 * patient note, scored by HELM's MedCalcBenchMetric (exact match for risk/severity/diagnosis, a
 * range check for physical/dosage conversion/date, 0 for any other category) and the exact-match
 * family, plus our `medcalc_bench_accuracy_corrected` (lab and dosage rows scored by their range,
 * dates as the MedCalc-Bench authors do), reported beside the HELM headline.
 */
export function createMedcalcBenchBenchmark(): BenchmarkV1 {
  return generationBenchmark(MEDCALC_BENCH_CARD, {
    dataset: createMedcalcBenchDataset(),
    // MedCalcBenchMetric on the raw completion, then get_exact_match_metric_specs(); then our
    // corrected accuracy, which has no HELM metric spec (run_spec.json stays HELM's).
    scorers: [medcalcBenchAccuracyScorer(), helmExactMatchScorer(), medcalcBenchAccuracyCorrectedScorer()],
    mainMetric: 'medcalc_bench_accuracy',
    correctedMetric: { name: MEDCALC_BENCH_ACCURACY_CORRECTED, split: 'test' },
  });
}
