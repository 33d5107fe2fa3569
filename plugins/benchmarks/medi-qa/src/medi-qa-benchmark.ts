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
import { createMediQaDataset } from './medi-qa-dataset.ts';
import { mediQaJuryRubric } from './medi-qa-jury-rubric.ts';
import { createMediQaPrompt } from './medi-qa-prompt.ts';

/** HELM's run spec and scenario name. */
export const MEDI_QA_ID = 'medi_qa';

/**
 * MedHELM's MEDIQA benchmark: answer consumer health questions (MEDIQA 2019 Task 3), judged by
 * HELM's three-judge LLM jury (`medi_qa_accuracy`, the headline) with ROUGE alongside.
 */
export function createMediQaBenchmark(): BenchmarkV1 {
  return defineBenchmark({
    id: MEDI_QA_ID,
    displayName: 'MEDIQA',
    // HELM's ScenarioMetadata description (the class attribute below lacks some spaces).
    description:
      "MEDIQA is a benchmark designed to evaluate a model's ability to retrieve and generate medically accurate answers to patient-generated questions. Each instance includes a consumer health question, a set of candidate answers (used in ranking tasks), relevance annotations, and optionally, additional context. The benchmark focuses on supporting patient understanding and accessibility in health communication.",
    category: 'Patient Communication and Education',
    subcategory: 'Enhancing Patient Understanding and Accessibility in Health Communication',
    access: 'public',
    license: 'none stated upstream',
    dataset: createMediQaDataset(),
    prompt: createMediQaPrompt(),
    // HELM scores the raw completion (SummarizationMetric strips it itself; the jury sees it as is).
    normalizers: [],
    // In the order of HELM's metric_specs: SummarizationMetric (ROUGE only, see the README),
    // get_basic_metric_specs([]) (token, runtime and finish-reason stats), then LLMJuryMetric.
    scorers: [
      helmSummarizationScorer(MEDI_QA_ID),
      helmBasicGenerationScorer({ names: [] }),
      createJuryScorer(mediQaJuryRubric),
    ],
    // HELM's run spec annotators: the three-judge jury.
    annotators: [createJuryAnnotator(mediQaJuryRubric)],
    mainMetric: { name: mediQaJuryRubric.metricName, split: 'test' },
    helm: {
      scenarioClassName: 'helm.benchmark.scenarios.medi_qa_scenario.MediQAScenario',
      scenarioArgs: {},
      scenarioName: MEDI_QA_ID,
      // MediQAScenario.description verbatim, missing spaces included (HELM writes it to scenario.json).
      scenarioDescription:
        "MEDIQA is a benchmark designed to evaluate a model's ability to generatemedically accurate answers to patient-generated questions. Each instance includes aconsumer health question, a set of candidate answers (used in ranking tasks), relevanceannotations, and optionally, additional context. The benchmark focuses on supportingpatient understanding and accessibility in health communication.",
      tags: ['knowledge', 'biomedical'],
      definitionPath:
        'https://github.com/stanford-crfm/helm/blob/main/src/helm/benchmark/scenarios/medi_qa_scenario.py',
      groups: [MEDI_QA_ID],
      // get_summarization_metric_specs(metric_args) + [LLMJuryMetric], as get_medi_qa_spec builds them.
      metricSpecs: [
        helmSummarizationMetricSpec(MEDI_QA_ID),
        ...helmBasicMetricSpecs([]),
        helmJuryMetricSpec(mediQaJuryRubric),
      ],
      annotatorSpecs: [helmJuryAnnotatorSpec(mediQaJuryRubric)],
    },
  });
}
