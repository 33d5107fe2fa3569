import { helmScenario, juryBenchmarkParts } from '@medhelm/benchmark-recipes';
import { type BenchmarkV1, defineBenchmark } from '@medhelm/core';
import { createChwCarePlanDataset } from './chw-care-plan-dataset.ts';
import { chwCarePlanJuryRubric } from './chw-care-plan-jury-rubric.ts';

/** HELM's run spec and scenario name. */
export const CHW_CARE_PLAN_ID = 'chw_care_plan';

/** The instructions of HELM's `get_chw_care_plan_run_spec` (medhelm_run_specs.py), verbatim. */
export const CHW_CARE_PLAN_INSTRUCTIONS =
  'Follow the instructions provided regarding conversion of a patient note into a specified format.';

/**
 * MedHELM's NoteExtract benchmark (`chw_care_plan`): restructure a physician's free-text care plan
 * note, written for community health workers, into HELM's fixed format (chief complaint, then the
 * history of present illness field by field), judged by HELM's three-judge LLM jury
 * (`chw_care_plan_accuracy`, the headline) with ROUGE against the note alongside. Private: the
 * notes are Stanford-internal; a health system runs it on its own.
 */
export function createChwCarePlanBenchmark(): BenchmarkV1 {
  return defineBenchmark({
    id: CHW_CARE_PLAN_ID,
    displayName: 'NoteExtract',
    // HELM's ScenarioMetadata description.
    description:
      "NoteExtract is a benchmark that focuses on the structured extraction of information from free-form clinical text. It provides care plan notes authored by health workers and evaluates a model's ability to convert them into a predefined structured format, such as fields for Chief Complaint and History of Present Illness. The benchmark emphasizes faithful extraction without hallucination or inference.",
    category: 'Clinical Note Generation',
    subcategory: 'Documenting Care Plans',
    dataset: createChwCarePlanDataset(),
    // get_chw_care_plan_run_spec: input_noun="" and output_noun="" (": " labels), 768 tokens.
    ...juryBenchmarkParts(CHW_CARE_PLAN_ID, chwCarePlanJuryRubric, {
      instructions: CHW_CARE_PLAN_INSTRUCTIONS,
      inputNoun: '',
      outputNoun: '',
      maxTokens: 768,
    }),
    helm: helmScenario({
      className: 'helm.benchmark.scenarios.chw_care_plan_scenario.CHWCarePlanScenario',
      name: CHW_CARE_PLAN_ID,
      // HELM's args hold data_path, the user's file: kept out of run_spec.json (see the README).
      // CHWCarePlanScenario.description verbatim, missing spaces included (HELM writes it to scenario.json).
      description:
        "NoteExtract is a benchmark that focuses on the structured extraction of informationfrom free-form clinical text. It provides care plan notes authored by health workersand evaluates a model's ability to convert them into a predefined structured format,such as fields for Chief Complaint and History of Present Illness. The benchmarkemphasizes faithful extraction without hallucination or inference.",
      tags: ['question_answering', 'biomedical'],
      // RunSpec(groups=["clinical", "chw_care_plan"]).
      groups: ['clinical', CHW_CARE_PLAN_ID],
    }),
  });
}
