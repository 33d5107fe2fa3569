import { createHelmPromptTemplate, multipleChoiceAdapterSpec } from '@medhelm/adapters';
import type { HelmAdapterSpec, PromptTemplateV2 } from '@medhelm/core';

/** The instructions of HELM's `get_n2c2_ct_matching_spec` (medhelm_run_specs.py), verbatim. */
export const N2C2_CT_MATCHING_INSTRUCTIONS = 'Answer A for yes, B for no.';

/** The output noun of HELM's `get_n2c2_ct_matching_spec`, verbatim; the prompt ends with it and ":". */
export const N2C2_CT_MATCHING_OUTPUT_NOUN =
  'Answer A for yes, B for no. Do not add any other text, punctuation, or symbols';

/**
 * HELM's n2c2_ct_matching adapter spec: `get_multiple_choice_adapter_spec(multiple_choice_joint,
 * instructions, input_noun="", output_noun=..., max_train_instances=0)`: one token at temperature
 * 0, `top_k_per_token` 5. The empty (not None) input noun gives the input prefix `": "`.
 */
export function n2c2CtMatchingAdapterSpec(): HelmAdapterSpec {
  return multipleChoiceAdapterSpec({
    method: 'multiple_choice_joint',
    instructions: N2C2_CT_MATCHING_INSTRUCTIONS,
    inputNoun: '',
    outputNoun: N2C2_CT_MATCHING_OUTPUT_NOUN,
    maxTrainInstances: 0,
  });
}

/** The n2c2_ct_matching prompt: HELM's multiple_choice_joint adapter over {@link n2c2CtMatchingAdapterSpec}. */
export function createN2c2CtMatchingPrompt(): PromptTemplateV2 {
  return createHelmPromptTemplate(n2c2CtMatchingAdapterSpec());
}
