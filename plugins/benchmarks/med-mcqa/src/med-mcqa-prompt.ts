import { createHelmPromptTemplate, multipleChoiceAdapterSpec } from '@medhelm/adapters';
import type { HelmAdapterSpec, PromptTemplateV2 } from '@medhelm/core';

/** The instructions of HELM's `get_medhelm_med_mcqa_spec` (medhelm_run_specs.py), verbatim. */
export const MED_MCQA_INSTRUCTIONS =
  'Give a letter answer among A, B, C or D. Do not include any explanation or additional text.';

/**
 * The output noun of HELM's `get_medhelm_med_mcqa_spec`, verbatim. The prompt ends with it and
 * `":"`, so it reads `... or symbols.:`.
 */
export const MED_MCQA_OUTPUT_NOUN =
  "Respond only with 'A', 'B', 'C' or 'D'. Do not add any other text, punctuation, or symbols.";

/**
 * HELM's med_mcqa adapter spec (MedHELM's `medhelm_med_mcqa` run spec, not the classic
 * `med_mcqa` one): `get_multiple_choice_adapter_spec(multiple_choice_joint, instructions,
 * input_noun="Question", output_noun=..., max_tokens=1, max_train_instances=0)`, i.e. one token
 * at temperature 0, `top_k_per_token` 5.
 */
export function medMcqaAdapterSpec(): HelmAdapterSpec {
  return multipleChoiceAdapterSpec({
    method: 'multiple_choice_joint',
    instructions: MED_MCQA_INSTRUCTIONS,
    inputNoun: 'Question',
    outputNoun: MED_MCQA_OUTPUT_NOUN,
    maxTokens: 1,
    maxTrainInstances: 0,
  });
}

/** The med_mcqa prompt: HELM's multiple_choice_joint adapter over {@link medMcqaAdapterSpec}. */
export function createMedMcqaPrompt(): PromptTemplateV2 {
  return createHelmPromptTemplate(medMcqaAdapterSpec());
}
