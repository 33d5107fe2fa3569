import { type BenchmarkV1, defineBenchmark } from '@medhelm/core';
import {
  helmBasicGenerationScorer,
  helmBasicMetricSpecs,
  medecCorrectedScorer,
  medecScorer,
} from '@medhelm/metrics';
import { createMedecDataset } from './medec-dataset.ts';
import { createMedecPrompt } from './medec-prompt.ts';

/** HELM's run spec and scenario name. */
export const MEDEC_ID = 'medec';

/**
 * MedHELM's MEDEC benchmark: find the one erroneous sentence of a clinical note (or say the note is
 * `CORRECT`) and correct it, scored by HELM's MedecMetric (error flag and error sentence accuracy)
 * plus the basic generation stats of `get_basic_metric_specs([])` (no reference metric), and our
 * `medec_error_sentence_accuracy_corrected` (the reference's sentence id read correctly).
 */
export function createMedecBenchmark(): BenchmarkV1 {
  return defineBenchmark({
    id: MEDEC_ID,
    displayName: 'Medec',
    // HELM's ScenarioMetadata description (the class attribute below lacks some spaces).
    description:
      'Medec is a benchmark composed of clinical narratives that include either correct documentation or medical errors. Each entry includes sentence-level identifiers and an associated correction task. The model must review the narrative and either identify the erroneous sentence and correct it, or confirm that the text is entirely accurate [(Abacha et al., 2025)](https://arxiv.org/abs/2412.19260).',
    category: 'Clinical Decision Support',
    subcategory: 'Planning Treatments',
    access: 'public',
    license: 'CC-BY-4.0',
    dataset: createMedecDataset(),
    prompt: createMedecPrompt(),
    // HELM scores the raw completion (MedecMetric strips it itself).
    normalizers: [],
    // In the order of HELM's metric_specs: MedecMetric, then get_basic_metric_specs([]), whose
    // BasicGenerationMetric has no reference metric names (token, runtime and finish stats only);
    // then our corrected sentence accuracy, which has no HELM metric spec (run_spec.json stays HELM's).
    scorers: [medecScorer(), helmBasicGenerationScorer({ names: [] }), medecCorrectedScorer()],
    mainMetric: { name: 'medec_error_flag_accuracy', split: 'test' },
    helm: {
      scenarioClassName: 'helm.benchmark.scenarios.medec_scenario.MedecScenario',
      scenarioArgs: {},
      scenarioName: MEDEC_ID,
      // MedecScenario.description verbatim, missing spaces included (HELM writes it to scenario.json).
      scenarioDescription:
        'Medec is a benchmark composed of clinical narratives that include either correctdocumentation or medical errors. Each entry includes sentence-level identifiers and anassociated correction task. The model must review the narrative and either identifythe erroneous sentence and correct it, or confirm that the text is entirely accurate.',
      tags: ['error_detection', 'error_correction', 'biomedical'],
      definitionPath:
        'https://github.com/stanford-crfm/helm/blob/main/src/helm/benchmark/scenarios/medec_scenario.py',
      groups: ['clinical', MEDEC_ID],
      metricSpecs: [
        { class_name: 'helm.benchmark.metrics.medec_metrics.MedecMetric', args: {} },
        ...helmBasicMetricSpecs([]),
      ],
    },
  });
}
