import { generationBenchmarkParts, helmScenario } from '@medhelm/benchmark-recipes';
import { type BenchmarkV1, defineBenchmark } from '@medhelm/core';
import {
  helmGenericMetricsScorer,
  type MimicivBillingCodeCorrectedStats,
  mimicivBillingCodeCorrectedScorer,
  mimicivBillingCodeScorer,
} from '@medhelm/metrics';
import { createMimicivBillingCodeDataset } from './mimiciv-billing-code-dataset.ts';

/** HELM's run spec and scenario name. */
export const MIMICIV_BILLING_CODE_ID = 'mimiciv_billing_code';

/** The instructions of HELM's `get_mimiciv_billing_code_spec` (medhelm_run_specs.py), verbatim. */
export const MIMICIV_BILLING_CODE_INSTRUCTIONS =
  'Given the following clinical note, identify all relevant ICD-10 codes.';

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
  return defineBenchmark({
    id: MIMICIV_BILLING_CODE_ID,
    displayName: 'MIMIC-IV Billing Code',
    // HELM's ScenarioMetadata description (the class attribute below lacks some spaces).
    description:
      'MIMIC-IV Billing Code is a benchmark derived from discharge summaries in the MIMIC-IV database, paired with their corresponding ICD-10 billing codes. The task requires models to extract structured billing codes based on free-text clinical notes, reflecting real-world hospital coding tasks for financial reimbursement.',
    category: 'Administration and Workflow',
    subcategory: 'Overseeing Financial Activities',
    dataset: createMimicivBillingCodeDataset(),
    ...generationBenchmarkParts(
      {
        instructions: MIMICIV_BILLING_CODE_INSTRUCTIONS,
        inputNoun: 'Note',
        newlineAfterInputNoun: true,
        outputNoun: 'Predicted ICD-10 Codes',
        newlineAfterOutputNoun: true,
        maxTokens: 256,
      },
      {
        // [MIMICIVBillingCodeMetric] + get_generic_metric_specs(), as get_mimiciv_billing_code_spec
        // builds them (no BasicGenerationMetric: no token or runtime stats), then our corrected
        // stats, which have no HELM spec, so run_spec.json's metric_specs stay HELM's.
        scorers: [
          mimicivBillingCodeScorer(),
          helmGenericMetricsScorer(),
          mimicivBillingCodeCorrectedScorer(),
        ],
        mainMetric: 'mimiciv_billing_code_f1',
      },
    ),
    correctedMetric: { name: MIMICIV_BILLING_CODE_F1_CORRECTED, split: 'test' },
    helm: helmScenario({
      className: 'helm.benchmark.scenarios.mimiciv_billing_code_scenario.MIMICIVBillingCodeScenario',
      name: MIMICIV_BILLING_CODE_ID,
      // HELM's args are {"data_path": <the local file>}; a local path is not written (see the README).
      // MIMICIVBillingCodeScenario.description verbatim, missing spaces included (HELM writes it to scenario.json).
      description:
        'MIMIC-IV Billing Code is a benchmark derived from discharge summaries in theMIMIC-IV database, paired with their corresponding ICD-10 billing codes. The taskrequires models to extract structured billing codes based on free-text clinical notes,reflecting real-world hospital coding tasks for financial reimbursement.',
      tags: ['question_answering', 'biomedical'],
    }),
  });
}
