import { type BenchmarkV1, defineBenchmark } from '@medhelm/core';
import {
  createJuryAnnotator,
  createJuryScorer,
  helmJuryAnnotatorSpec,
  helmJuryMetricSpec,
} from '@medhelm/jury';
import {
  helmBasicGenerationScorer,
  helmBasicMetricSpecs,
  helmSummarizationMetricSpec,
  helmSummarizationScorer,
} from '@medhelm/metrics';
import { createMedicationQaDataset } from './medication-qa-dataset.ts';
import { medicationQaJuryRubric } from './medication-qa-jury-rubric.ts';
import { createMedicationQaPrompt } from './medication-qa-prompt.ts';

/** HELM's run spec and scenario name. */
export const MEDICATION_QA_ID = 'medication_qa';

/**
 * MedHELM's MedicationQA benchmark: answer consumer questions about medications, judged by HELM's
 * three-judge LLM jury (`medication_qa_accuracy`, the headline) with ROUGE alongside.
 */
export function createMedicationQaBenchmark(): BenchmarkV1 {
  return defineBenchmark({
    id: MEDICATION_QA_ID,
    displayName: 'MedicationQA',
    // HELM's ScenarioMetadata description (the class attribute below lacks some spaces).
    description:
      "MedicationQA is a benchmark composed of open-ended consumer health questions specifically focused on medications. Each example consists of a free-form question and a corresponding medically grounded answer. The benchmark evaluates a model's ability to provide accurate, accessible, and informative medication-related responses for a lay audience.",
    category: 'Patient Communication and Education',
    subcategory: 'Providing Patient Education Resources',
    access: 'public',
    license: 'none stated upstream',
    dataset: createMedicationQaDataset(),
    prompt: createMedicationQaPrompt(),
    // HELM scores the raw completion (SummarizationMetric strips it itself; the jury sees it as is).
    normalizers: [],
    // In the order of HELM's metric_specs: SummarizationMetric (ROUGE only, see the README),
    // get_basic_metric_specs([]) (token, runtime and finish-reason stats), then LLMJuryMetric.
    scorers: [
      helmSummarizationScorer(MEDICATION_QA_ID),
      helmBasicGenerationScorer({ names: [] }),
      createJuryScorer(medicationQaJuryRubric),
    ],
    // HELM's run spec annotators: the three-judge jury.
    annotators: [createJuryAnnotator(medicationQaJuryRubric)],
    mainMetric: { name: medicationQaJuryRubric.metricName, split: 'test' },
    helm: {
      scenarioClassName: 'helm.benchmark.scenarios.medication_qa_scenario.MedicationQAScenario',
      scenarioArgs: {},
      scenarioName: MEDICATION_QA_ID,
      // MedicationQAScenario.description verbatim, missing spaces included (HELM writes it to scenario.json).
      scenarioDescription:
        "MedicationQA is a benchmark composed of open-ended consumer health questionsspecifically focused on medications. Each example consists of a free-form questionand a corresponding medically grounded answer. The benchmark evaluates a model'sability to provide accurate, accessible, and informative medication-related responsesfor a lay audience.",
      tags: ['knowledge', 'generation', 'question_answering', 'biomedical'],
      definitionPath:
        'https://github.com/stanford-crfm/helm/blob/main/src/helm/benchmark/scenarios/medication_qa_scenario.py',
      groups: [MEDICATION_QA_ID],
      // get_summarization_metric_specs(metric_args) + [LLMJuryMetric], as get_medication_qa_spec builds them.
      metricSpecs: [
        helmSummarizationMetricSpec(MEDICATION_QA_ID),
        ...helmBasicMetricSpecs([]),
        helmJuryMetricSpec(medicationQaJuryRubric),
      ],
      annotatorSpecs: [helmJuryAnnotatorSpec(medicationQaJuryRubric)],
    },
  });
}
