import { generationBenchmarkParts, helmScenario } from '@medhelm/benchmark-recipes';
import { type BenchmarkV1, defineBenchmark } from '@medhelm/core';
import { helmBasicGenerationScorer, medecCorrectedScorer, medecScorer } from '@medhelm/metrics';
import { createMedecDataset } from './medec-dataset.ts';

/** HELM's run spec and scenario name. */
export const MEDEC_ID = 'medec';

/** The instructions of HELM's `get_medec_run_spec` (medhelm_run_specs.py), verbatim. */
export const MEDEC_INSTRUCTIONS =
  'The following is a medical narrative about a patient. ' +
  'You are a skilled medical doctor reviewing the clinical text. ' +
  'The text is either correct or contains one error. ' +
  'The text has a sentence per line. Each line starts with the ' +
  'sentence ID, followed by a space character then the sentence to check. ' +
  'Check every sentence of the text. ' +
  'If the text is correct return the following output: CORRECT. ' +
  'If the text has a medical error, return the sentence ID of the ' +
  'sentence containing the error, followed by a space, ' +
  'and a corrected version of the sentence.';

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
    dataset: createMedecDataset(),
    // HELM scores the raw completion (MedecMetric strips it itself): MedecMetric, then
    // get_basic_metric_specs([]) (token, runtime and finish stats only); then our corrected
    // sentence accuracy, which has no HELM metric spec (run_spec.json stays HELM's).
    ...generationBenchmarkParts(
      { instructions: MEDEC_INSTRUCTIONS, inputNoun: 'Clinical Note', outputNoun: 'Answer', maxTokens: 256 },
      {
        scorers: [medecScorer(), helmBasicGenerationScorer({ names: [] }), medecCorrectedScorer()],
        mainMetric: 'medec_error_flag_accuracy',
      },
    ),
    helm: helmScenario({
      className: 'helm.benchmark.scenarios.medec_scenario.MedecScenario',
      name: MEDEC_ID,
      // MedecScenario.description verbatim, missing spaces included (HELM writes it to scenario.json).
      description:
        'Medec is a benchmark composed of clinical narratives that include either correctdocumentation or medical errors. Each entry includes sentence-level identifiers and anassociated correction task. The model must review the narrative and either identifythe erroneous sentence and correct it, or confirm that the text is entirely accurate.',
      tags: ['error_detection', 'error_correction', 'biomedical'],
      groups: ['clinical', MEDEC_ID],
    }),
  });
}
