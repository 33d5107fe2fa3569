import { helmScenario, multipleChoiceBenchmarkParts } from '@medhelm/benchmark-recipes';
import { type BenchmarkV1, defineBenchmark } from '@medhelm/core';
import { createMedQaDataset } from './med-qa-dataset.ts';

/** HELM's run spec and scenario name. */
export const MED_QA_ID = 'med_qa';

/** The instructions of HELM's `get_medhelm_med_qa_spec` (medhelm_run_specs.py), verbatim. */
export const MED_QA_INSTRUCTIONS =
  'Give a letter answer among A, B, C or D. Do not include any explanation or additional text.';

/**
 * The output noun of HELM's `get_medhelm_med_qa_spec`, verbatim. The prompt ends with it and
 * `":"`, so it reads `... or symbols.:`.
 */
export const MED_QA_OUTPUT_NOUN =
  "Respond only with 'A', 'B', 'C' or 'D'. Do not add any other text, punctuation, or symbols.";

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
    dataset: createMedQaDataset(),
    // MedHELM's `medhelm_med_qa` run spec, not the classic `med_qa` one. The MedHELM schema's
    // main_name is exact_match; the scenario's own metadata says quasi_exact_match.
    ...multipleChoiceBenchmarkParts({
      instructions: MED_QA_INSTRUCTIONS,
      inputNoun: 'Question',
      outputNoun: MED_QA_OUTPUT_NOUN,
    }),
    helm: helmScenario({
      className: 'helm.benchmark.scenarios.med_qa_scenario.MedQAScenario',
      name: MED_QA_ID,
      // MedQAScenario.description verbatim (HELM writes it to scenario.json).
      description:
        'An open domain question answering (QA) dataset collected from professional medical board exams.',
      tags: ['question_answering', 'biomedical'],
    }),
  });
}
