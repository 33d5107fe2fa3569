import { createHelmPromptTemplate, multipleChoiceAdapterSpec } from '@medhelm/adapters';
import type { HelmAdapterSpec, PromptTemplateV2 } from '@medhelm/core';

/** The instructions of HELM's `get_ehrshot_spec` (medhelm_run_specs.py), verbatim. */
export const EHRSHOT_INSTRUCTIONS = 'Answer A for yes, B for no.';

/** The output noun of HELM's `get_ehrshot_spec`, verbatim; the prompt ends with it and ":". */
export const EHRSHOT_OUTPUT_NOUN =
  "Respond with only 'A' for yes or 'B' for no. Do not add any other text, punctuation, or symbols";

/**
 * HELM's EHRSHOT adapter spec: `get_multiple_choice_adapter_spec(multiple_choice_joint,
 * instructions, input_noun="", output_noun=..., max_train_instances=0, max_tokens=1)`. The empty
 * (not None) input noun still gives the input prefix `": "`, so every prompt reads `...\n\n: \n# Instructions`.
 */
export function ehrshotAdapterSpec(): HelmAdapterSpec {
  return multipleChoiceAdapterSpec({
    method: 'multiple_choice_joint',
    instructions: EHRSHOT_INSTRUCTIONS,
    inputNoun: '',
    outputNoun: EHRSHOT_OUTPUT_NOUN,
    maxTrainInstances: 0,
    maxTokens: 1,
  });
}

/** The EHRSHOT prompt: HELM's multiple_choice_joint adapter over {@link ehrshotAdapterSpec}. */
export function createEhrshotPrompt(): PromptTemplateV2 {
  return createHelmPromptTemplate(ehrshotAdapterSpec());
}
