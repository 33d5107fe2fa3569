import { generationBenchmark } from '@medhelm/benchmark-recipes';
import type { BenchmarkV1 } from '@medhelm/core';
import {
  helmGenericMetricsScorer,
  type MimicivBillingCodeCorrectedStats,
  mimicivBillingCodeCorrectedScorer,
  mimicivBillingCodeScorer,
} from '@medhelm/metrics';
import { MIMICIV_BILLING_CODE_CARD } from './mimiciv-billing-code-card.ts';
import { createMimicivBillingCodeDataset } from './mimiciv-billing-code-dataset.ts';

/** Our corrected counterpart of the headline `mimiciv_billing_code_f1` (see the README). */
export const MIMICIV_BILLING_CODE_F1_CORRECTED: keyof MimicivBillingCodeCorrectedStats =
  'mimiciv_billing_code_f1_corrected';

/**
 * MedHELM's MIMIC-IV Billing Code benchmark: list the ICD-10 codes of a MIMIC-IV discharge summary,
 * scored by HELM's MIMICIVBillingCodeMetric (`mimiciv_billing_code_f1`, the headline, with its
 * precision and recall), plus our corrected F1 (codes read correctly; see the README). Gated: the
 * data comes from PhysioNet under the MIMIC-IV data use agreement.
 */
export function createMimicivBillingCodeBenchmark(): BenchmarkV1 {
  return generationBenchmark(MIMICIV_BILLING_CODE_CARD, {
    dataset: createMimicivBillingCodeDataset(),
    // [MIMICIVBillingCodeMetric] + get_generic_metric_specs(), as get_mimiciv_billing_code_spec
    // builds them (no BasicGenerationMetric: no token or runtime stats), then our corrected
    // stats, which have no HELM spec, so run_spec.json's metric_specs stay HELM's.
    scorers: [mimicivBillingCodeScorer(), helmGenericMetricsScorer(), mimicivBillingCodeCorrectedScorer()],
    mainMetric: 'mimiciv_billing_code_f1',
    correctedMetric: { name: MIMICIV_BILLING_CODE_F1_CORRECTED, split: 'test' },
  });
}
