import { createHelmPromptTemplate, multipleChoiceAdapterSpec } from '@medhelm/adapters';
import type { HelmAdapterSpec, PromptTemplateV2 } from '@medhelm/core';

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
 * HELM's med_qa adapter spec (MedHELM's `medhelm_med_qa` run spec, not the classic `med_qa` one):
 * `get_multiple_choice_adapter_spec(multiple_choice_joint, instructions, input_noun="Question",
 * output_noun=..., max_tokens=1, max_train_instances=0)`, i.e. one token at temperature 0,
 * `top_k_per_token` 5.
 */
export function medQaAdapterSpec(): HelmAdapterSpec {
  return multipleChoiceAdapterSpec({
    method: 'multiple_choice_joint',
    instructions: MED_QA_INSTRUCTIONS,
    inputNoun: 'Question',
    outputNoun: MED_QA_OUTPUT_NOUN,
    maxTokens: 1,
    maxTrainInstances: 0,
  });
}

/** The med_qa prompt: HELM's multiple_choice_joint adapter over {@link medQaAdapterSpec}. */
export function createMedQaPrompt(): PromptTemplateV2 {
  return createHelmPromptTemplate(medQaAdapterSpec());
}
