import { type BenchmarkV1, defineBenchmark } from '@medhelm/core';
import {
  EXACT_MATCH_METRIC_NAMES,
  helmBasicGenerationScorer,
  helmExactMatchMetricSpecs,
  multipleChoiceOutputMappingNormalizer,
} from '@medhelm/metrics';
import { createMedQaDataset } from './med-qa-dataset.ts';
import { createMedQaPrompt } from './med-qa-prompt.ts';

/** HELM's run spec and scenario name. */
export const MED_QA_ID = 'med_qa';

/**
 * MedHELM's MedQA benchmark: USMLE-style questions with four options (the US `4_options` subset),
 * asked as a lettered multiple-choice prompt and scored with HELM's exact-match family on the
 * mapped answer. HELM evaluates the dev (`valid`) and test questions; the headline is `test`.
 */
export function createMedQaBenchmark(): BenchmarkV1 {
  return defineBenchmark({
    id: MED_QA_ID,
    displayName: 'MedQA',
    // schema_medhelm.yaml's description (MedQAScenario's ScenarioMetadata has the same text).
    description:
      'MedQA is an open domain question answering dataset composed of questions from professional medical board exams ([Jin et al. 2020](https://arxiv.org/pdf/2009.13081.pdf)).',
    category: 'Clinical Decision Support',
    subcategory: 'Providing Clinical Knowledge Support',
    access: 'public',
    license: 'MIT',
    dataset: createMedQaDataset(),
    prompt: createMedQaPrompt(),
    normalizers: [multipleChoiceOutputMappingNormalizer()],
    scorers: [helmBasicGenerationScorer({ names: EXACT_MATCH_METRIC_NAMES })],
    // The MedHELM schema's main_name; the scenario's own metadata says quasi_exact_match.
    mainMetric: { name: 'exact_match', split: 'test' },
    helm: {
      scenarioClassName: 'helm.benchmark.scenarios.med_qa_scenario.MedQAScenario',
      scenarioArgs: {},
      scenarioName: MED_QA_ID,
      // MedQAScenario.description verbatim (HELM writes it to scenario.json).
      scenarioDescription:
        'An open domain question answering (QA) dataset collected from professional medical board exams.',
      tags: ['question_answering', 'biomedical'],
      definitionPath:
        'https://github.com/stanford-crfm/helm/blob/main/src/helm/benchmark/scenarios/med_qa_scenario.py',
      groups: [MED_QA_ID],
      metricSpecs: helmExactMatchMetricSpecs(),
    },
  });
}
