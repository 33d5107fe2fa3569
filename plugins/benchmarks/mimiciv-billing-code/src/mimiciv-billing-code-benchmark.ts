import { type BenchmarkV1, defineBenchmark } from '@medhelm/core';
import {
  type MimicivBillingCodeCorrectedStats,
  mimicivBillingCodeCorrectedScorer,
  mimicivBillingCodeScorer,
} from '@medhelm/metrics';
import { createMimicivBillingCodeDataset } from './mimiciv-billing-code-dataset.ts';
import { createMimicivBillingCodePrompt } from './mimiciv-billing-code-prompt.ts';

/** HELM's run spec and scenario name. */
export const MIMICIV_BILLING_CODE_ID = 'mimiciv_billing_code';

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
    access: 'gated',
    license: 'PhysioNet Credentialed Health Data License 1.5.0',
    dataset: createMimicivBillingCodeDataset(),
    prompt: createMimicivBillingCodePrompt(),
    // HELM's metric reads the raw completion (it strips it itself).
    normalizers: [],
    // HELM's MIMICIVBillingCodeMetric, then our corrected stats (no helmMetricSpec, so run_spec.json's
    // metric_specs stay HELM's). HELM attaches no BasicGenerationMetric here: no token or runtime stats.
    scorers: [mimicivBillingCodeScorer(), mimicivBillingCodeCorrectedScorer()],
    mainMetric: { name: 'mimiciv_billing_code_f1', split: 'test' },
    correctedMetric: { name: MIMICIV_BILLING_CODE_F1_CORRECTED, split: 'test' },
    helm: {
      scenarioClassName: 'helm.benchmark.scenarios.mimiciv_billing_code_scenario.MIMICIVBillingCodeScenario',
      // HELM's args are {"data_path": <the local file>}; a local path is not written (see the README).
      scenarioArgs: {},
      scenarioName: MIMICIV_BILLING_CODE_ID,
      // MIMICIVBillingCodeScenario.description verbatim, missing spaces included (HELM writes it to scenario.json).
      scenarioDescription:
        'MIMIC-IV Billing Code is a benchmark derived from discharge summaries in theMIMIC-IV database, paired with their corresponding ICD-10 billing codes. The taskrequires models to extract structured billing codes based on free-text clinical notes,reflecting real-world hospital coding tasks for financial reimbursement.',
      tags: ['question_answering', 'biomedical'],
      definitionPath:
        'https://github.com/stanford-crfm/helm/blob/main/src/helm/benchmark/scenarios/mimiciv_billing_code_scenario.py',
      groups: [MIMICIV_BILLING_CODE_ID],
      // [MIMICIVBillingCodeMetric] + get_generic_metric_specs(), as get_mimiciv_billing_code_spec builds them.
      metricSpecs: [
        {
          class_name: 'helm.benchmark.metrics.mimiciv_billing_code_metrics.MIMICIVBillingCodeMetric',
          args: {},
        },
        { class_name: 'helm.benchmark.metrics.basic_metrics.InstancesPerSplitMetric', args: {} },
      ],
    },
  });
}
