import { generationBenchmark } from '@medhelm/benchmark-recipes';
import type { BenchmarkV1 } from '@medhelm/core';
import { helmBasicGenerationScorer, medecCorrectedScorer, medecScorer } from '@medhelm/metrics';
import { MEDEC_CARD } from './medec-card.ts';
import { createMedecDataset } from './medec-dataset.ts';

/**
 * MedHELM's MEDEC benchmark: find the one erroneous sentence of a clinical note (or say the note is
 * `CORRECT`) and correct it, scored by HELM's MedecMetric (error flag and error sentence accuracy)
 * plus the basic generation stats of `get_basic_metric_specs([])` (no reference metric), and our
 * `medec_error_sentence_accuracy_corrected` (the reference's sentence id read correctly).
 */
export function createMedecBenchmark(): BenchmarkV1 {
  return generationBenchmark(MEDEC_CARD, {
    dataset: createMedecDataset(),
    // HELM scores the raw completion (MedecMetric strips it itself): MedecMetric, then
    // get_basic_metric_specs([]) (token, runtime and finish stats only); then our corrected
    // sentence accuracy, which has no HELM metric spec (run_spec.json stays HELM's).
    scorers: [medecScorer(), helmBasicGenerationScorer({ names: [] }), medecCorrectedScorer()],
    mainMetric: 'medec_error_flag_accuracy',
  });
}
