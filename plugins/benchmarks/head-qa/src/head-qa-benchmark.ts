import type { BenchmarkV1 } from '@medhelm/core';
import { defineBenchmark } from '@medhelm/core';
import {
  EXACT_MATCH_METRIC_NAMES,
  helmBasicGenerationScorer,
  helmExactMatchMetricSpecs,
  multipleChoiceOutputMappingNormalizer,
} from '@medhelm/metrics';
import { createHeadQaDataset } from './head-qa-dataset.ts';
import { createHeadQaPrompt } from './head-qa-prompt.ts';

/** HELM's run spec and scenario name. */
export const HEAD_QA_ID = 'head_qa';

/**
 * MedHELM's HEAD-QA benchmark: the English test split (2016 and 2017 Spanish healthcare
 * specialisation exams) without the questions that need an image, asked as a lettered A-D
 * multiple-choice prompt and scored with HELM's exact-match family on the mapped answer.
 */
export function createHeadQaBenchmark(): BenchmarkV1 {
  return defineBenchmark({
    id: HEAD_QA_ID,
    displayName: 'HeadQA',
    // HELM's ScenarioMetadata description (the class attribute below lacks some spaces).
    description:
      "HeadQA is a benchmark consisting of biomedical multiple-choice questions intended to evaluate a model's medical knowledge and reasoning. Each instance presents a clinical or scientific question with four answer options, requiring the model to select the most appropriate answer [(Vilares et al., 2019)](https://arxiv.org/abs/1906.04701).",
    category: 'Clinical Decision Support',
    subcategory: 'Providing Clinical Knowledge Support',
    access: 'public',
    license: 'MIT',
    dataset: createHeadQaDataset(),
    prompt: createHeadQaPrompt(),
    normalizers: [multipleChoiceOutputMappingNormalizer()],
    scorers: [helmBasicGenerationScorer({ names: EXACT_MATCH_METRIC_NAMES })],
    mainMetric: { name: 'exact_match', split: 'test' },
    helm: {
      scenarioClassName: 'helm.benchmark.scenarios.headqa_scenario.HeadQAScenario',
      // get_head_qa_run_spec names its run spec f"head_qa:language={language},category={category}".
      runSpecName: 'head_qa:language=en,category=None',
      // get_head_qa_run_spec's defaults, as MedHELM runs it: English, every category.
      scenarioArgs: { language: 'en', category: null },
      scenarioName: HEAD_QA_ID,
      // HeadQAScenario.description verbatim, missing spaces included (HELM writes it to scenario.json).
      scenarioDescription:
        "HeadQA is a benchmark consisting of biomedical multiple-choice questions intended toevaluate a model's medical knowledge and reasoning. Each instance presents a clinicalor scientific question with four answer options, requiring the model to select the mostappropriate answer.",
      tags: ['question_answering', 'biomedical', 'medicine'],
      definitionPath:
        'https://github.com/stanford-crfm/helm/blob/main/src/helm/benchmark/scenarios/headqa_scenario.py',
      groups: ['biomedical', HEAD_QA_ID],
      metricSpecs: helmExactMatchMetricSpecs(),
    },
  });
}
