import { createHelmPromptTemplate, multipleChoiceAdapterSpec } from '@medhelm/adapters';
import type { HelmAdapterSpec, PromptTemplateV2 } from '@medhelm/core';

/** The instructions of HELM's `get_race_based_med_spec` (medhelm_run_specs.py), verbatim. */
export const RACE_BASED_MED_INSTRUCTIONS = 'Answer A for yes, B for no.';

/** The output noun of HELM's `get_race_based_med_spec`, verbatim; the prompt ends with it and ":". */
export const RACE_BASED_MED_OUTPUT_NOUN =
  "Respond with only 'A' for yes or 'B' for no. Do not add any other text, punctuation, or symbols";

/**
 * HELM's race_based_med adapter spec: `get_multiple_choice_adapter_spec(multiple_choice_joint,
 * instructions, input_noun=None, output_noun=..., max_train_instances=0)`, i.e. one token at
 * temperature 0, `top_k_per_token` 5. With no input noun there is no input prefix or suffix, so
 * the options follow the input's own final newline.
 */
export function raceBasedMedAdapterSpec(): HelmAdapterSpec {
  return multipleChoiceAdapterSpec({
    method: 'multiple_choice_joint',
    instructions: RACE_BASED_MED_INSTRUCTIONS,
    inputNoun: null,
    outputNoun: RACE_BASED_MED_OUTPUT_NOUN,
    maxTrainInstances: 0,
  });
}

/** The race_based_med prompt: HELM's multiple_choice_joint adapter over {@link raceBasedMedAdapterSpec}. */
export function createRaceBasedMedPrompt(): PromptTemplateV2 {
  return createHelmPromptTemplate(raceBasedMedAdapterSpec());
}
