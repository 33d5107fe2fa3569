import { helmScenario, juryBenchmarkParts } from '@medhelm/benchmark-recipes';
import { type BenchmarkV1, defineBenchmark } from '@medhelm/core';
import { createMediQaDataset } from './medi-qa-dataset.ts';
import { mediQaJuryRubric } from './medi-qa-jury-rubric.ts';

/** HELM's run spec and scenario name. */
export const MEDI_QA_ID = 'medi_qa';

/** The instructions of HELM's `get_medi_qa_spec` (medhelm_run_specs.py), verbatim. */
export const MEDI_QA_INSTRUCTIONS = 'Answer the following consumer health question.';

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
    dataset: createMediQaDataset(),
    // get_medi_qa_spec: one answer of at most 1024 tokens, judged by the jury.
    ...juryBenchmarkParts(MEDI_QA_ID, mediQaJuryRubric, {
      instructions: MEDI_QA_INSTRUCTIONS,
      inputNoun: 'Question',
      outputNoun: 'Answer',
      maxTokens: 1024,
    }),
    helm: helmScenario({
      className: 'helm.benchmark.scenarios.medi_qa_scenario.MediQAScenario',
      name: MEDI_QA_ID,
      // MediQAScenario.description verbatim, missing spaces included (HELM writes it to scenario.json).
      description:
        "MEDIQA is a benchmark designed to evaluate a model's ability to generatemedically accurate answers to patient-generated questions. Each instance includes aconsumer health question, a set of candidate answers (used in ranking tasks), relevanceannotations, and optionally, additional context. The benchmark focuses on supportingpatient understanding and accessibility in health communication.",
      tags: ['knowledge', 'biomedical'],
    }),
  });
}
