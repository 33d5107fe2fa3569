import { helmScenario, juryBenchmarkParts } from '@medhelm/benchmark-recipes';
import { type BenchmarkV1, defineBenchmark } from '@medhelm/core';
import { createMedicationQaDataset } from './medication-qa-dataset.ts';
import { medicationQaJuryRubric } from './medication-qa-jury-rubric.ts';

/** HELM's run spec and scenario name. */
export const MEDICATION_QA_ID = 'medication_qa';

/** The instructions of HELM's `get_medication_qa_spec` (medhelm_run_specs.py), verbatim. */
export const MEDICATION_QA_INSTRUCTIONS = 'Please answer the following consumer health question.';

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
    dataset: createMedicationQaDataset(),
    // get_medication_qa_spec: one answer of at most 512 tokens, judged by the jury.
    ...juryBenchmarkParts(MEDICATION_QA_ID, medicationQaJuryRubric, {
      instructions: MEDICATION_QA_INSTRUCTIONS,
      inputNoun: 'Question',
      outputNoun: 'Answer',
      maxTokens: 512,
    }),
    helm: helmScenario({
      className: 'helm.benchmark.scenarios.medication_qa_scenario.MedicationQAScenario',
      name: MEDICATION_QA_ID,
      // MedicationQAScenario.description verbatim, missing spaces included (HELM writes it to scenario.json).
      description:
        "MedicationQA is a benchmark composed of open-ended consumer health questionsspecifically focused on medications. Each example consists of a free-form questionand a corresponding medically grounded answer. The benchmark evaluates a model'sability to provide accurate, accessible, and informative medication-related responsesfor a lay audience.",
      tags: ['knowledge', 'generation', 'question_answering', 'biomedical'],
    }),
  });
}
