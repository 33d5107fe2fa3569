import { helmScenario, multipleChoiceBenchmarkParts } from '@medhelm/benchmark-recipes';
import { type BenchmarkV1, defineBenchmark } from '@medhelm/core';
import { createHeadQaDataset } from './head-qa-dataset.ts';

/** HELM's run spec and scenario name. */
export const HEAD_QA_ID = 'head_qa';

/** The instructions of HELM's `get_head_qa_run_spec` (medhelm_run_specs.py), verbatim. */
export const HEAD_QA_INSTRUCTIONS =
  'You are a highly knowledgeable AI assistant specializing in biomedical sciences. Your task is to answer ' +
  'multiple-choice questions accurately based on the options provided. ' +
  'Each question will relate to biomedical concepts, ' +
  'and you will be asked to choose the most appropriate answer.\n\n' +
  'Select the correct answer by outputting only the letter corresponding to your choice (A, B, C, or D).';

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
    dataset: createHeadQaDataset(),
    ...multipleChoiceBenchmarkParts({
      instructions: HEAD_QA_INSTRUCTIONS,
      inputNoun: 'Question',
      outputNoun: 'Answer',
    }),
    helm: helmScenario({
      className: 'helm.benchmark.scenarios.headqa_scenario.HeadQAScenario',
      // get_head_qa_run_spec names its run spec f"head_qa:language={language},category={category}".
      runSpecName: 'head_qa:language=en,category=None',
      // get_head_qa_run_spec's defaults, as MedHELM runs it: English, every category.
      args: { language: 'en', category: null },
      name: HEAD_QA_ID,
      // HeadQAScenario.description verbatim, missing spaces included (HELM writes it to scenario.json).
      description:
        "HeadQA is a benchmark consisting of biomedical multiple-choice questions intended toevaluate a model's medical knowledge and reasoning. Each instance presents a clinicalor scientific question with four answer options, requiring the model to select the mostappropriate answer.",
      tags: ['question_answering', 'biomedical', 'medicine'],
      groups: ['biomedical', HEAD_QA_ID],
    }),
  });
}
