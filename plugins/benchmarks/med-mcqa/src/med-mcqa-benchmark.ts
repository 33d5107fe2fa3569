import { helmScenario, multipleChoiceBenchmarkParts } from '@medhelm/benchmark-recipes';
import { type BenchmarkV1, defineBenchmark } from '@medhelm/core';
import { createMedMcqaDataset } from './med-mcqa-dataset.ts';

/** HELM's run spec and scenario name. */
export const MED_MCQA_ID = 'med_mcqa';

/**
 * The instructions and output noun of HELM's `get_medhelm_med_mcqa_spec` (medhelm_run_specs.py),
 * verbatim: the same words as med_qa's. The prompt ends with the noun and `":"` (`... symbols.:`).
 */
export const MED_MCQA_INSTRUCTIONS =
  'Give a letter answer among A, B, C or D. Do not include any explanation or additional text.';
export const MED_MCQA_OUTPUT_NOUN =
  "Respond only with 'A', 'B', 'C' or 'D'. Do not add any other text, punctuation, or symbols.";

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
    dataset: createMedMcqaDataset(),
    // MedHELM's `medhelm_med_mcqa` run spec; the MedHELM schema's main_name on its main_split.
    ...multipleChoiceBenchmarkParts(
      { instructions: MED_MCQA_INSTRUCTIONS, inputNoun: 'Question', outputNoun: MED_MCQA_OUTPUT_NOUN },
      { mainSplit: 'valid' },
    ),
    helm: helmScenario({
      className: 'helm.benchmark.scenarios.med_mcqa_scenario.MedMCQAScenario',
      name: MED_MCQA_ID,
      // MedMCQAScenario.description verbatim (HELM writes it to scenario.json).
      description:
        'MedMCQA is a multiple-choice question answering (MCQA) dataset designed to address real-world medical entrance exam questions.',
      tags: ['question_answering', 'biomedical'],
    }),
  });
}
