import { type BenchmarkV1, defineBenchmark } from '@medhelm/core';
import {
  EXACT_MATCH_METRIC_NAMES,
  helmBasicGenerationScorer,
  helmExactMatchMetricSpecs,
  multipleChoiceOutputMappingNormalizer,
} from '@medhelm/metrics';
import { createMedMcqaDataset } from './med-mcqa-dataset.ts';
import { createMedMcqaPrompt } from './med-mcqa-prompt.ts';

/** HELM's run spec and scenario name. */
export const MED_MCQA_ID = 'med_mcqa';

/**
 * MedHELM's MedMCQA benchmark: Indian medical entrance exam (AIIMS / NEET PG) questions with four
 * options, asked as a lettered multiple-choice prompt and scored with HELM's exact-match family on
 * the mapped answer. Only the dev questions (`valid`) are evaluated: the test answers are not
 * public, so the headline is on `valid`.
 */
export function createMedMcqaBenchmark(): BenchmarkV1 {
  return defineBenchmark({
    id: MED_MCQA_ID,
    displayName: 'MedMCQA',
    // schema_medhelm.yaml's description, its wrong citation included (MedMCQA is Pal et al.,
    // 2022; Flores et al. edited the proceedings). The scenario's ScenarioMetadata has the same
    // text with a stray opening quote before "multiple-choice".
    description:
      'MedMCQA is a multiple-choice question answering (MCQA) dataset designed to address real-world medical entrance exam questions ([Flores et al. 2020](https://arxiv.org/abs/2203.14371)).',
    category: 'Clinical Decision Support',
    subcategory: 'Providing Clinical Knowledge Support',
    access: 'public',
    license: 'MIT',
    dataset: createMedMcqaDataset(),
    prompt: createMedMcqaPrompt(),
    normalizers: [multipleChoiceOutputMappingNormalizer()],
    scorers: [helmBasicGenerationScorer({ names: EXACT_MATCH_METRIC_NAMES })],
    // The MedHELM schema's main_name on its main_split.
    mainMetric: { name: 'exact_match', split: 'valid' },
    helm: {
      scenarioClassName: 'helm.benchmark.scenarios.med_mcqa_scenario.MedMCQAScenario',
      scenarioArgs: {},
      scenarioName: MED_MCQA_ID,
      // MedMCQAScenario.description verbatim (HELM writes it to scenario.json).
      scenarioDescription:
        'MedMCQA is a multiple-choice question answering (MCQA) dataset designed to address real-world medical entrance exam questions.',
      tags: ['question_answering', 'biomedical'],
      definitionPath:
        'https://github.com/stanford-crfm/helm/blob/main/src/helm/benchmark/scenarios/med_mcqa_scenario.py',
      groups: [MED_MCQA_ID],
      metricSpecs: helmExactMatchMetricSpecs(),
    },
  });
}
