import { createHelmPromptTemplate, generationAdapterSpec } from '@medhelm/adapters';
import type { HelmAdapterSpec, PromptTemplateV2 } from '@medhelm/core';

/** The instructions of HELM's `get_mimic_rrs_spec` (medhelm_run_specs.py), verbatim. */
export const MIMIC_RRS_INSTRUCTIONS =
  'Generate the impression section of the radiology report based on its findings. ' +
  'This will not be used to diagnose nor treat any patients. Be as concise as possible.';

/**
 * HELM's mimic_rrs adapter spec: `get_generation_adapter_spec(instructions, input_noun="Findings",
 * output_noun="Impression", newline_after_input_noun=True, newline_after_output_noun=True,
 * max_tokens=128, max_train_instances=0, stop_sequences=[])`: one completion of at most 128 tokens
 * at temperature 0, no stop sequence; the prompt ends with `Impression:`.
 */
export function mimicRrsAdapterSpec(): HelmAdapterSpec {
  return generationAdapterSpec({
    instructions: MIMIC_RRS_INSTRUCTIONS,
    inputNoun: 'Findings',
    newlineAfterInputNoun: true,
    outputNoun: 'Impression',
    newlineAfterOutputNoun: true,
    maxTokens: 128,
    maxTrainInstances: 0,
    stopSequences: [],
  });
}

/** The mimic_rrs prompt: HELM's generation adapter over {@link mimicRrsAdapterSpec}. */
export function createMimicRrsPrompt(): PromptTemplateV2 {
  return createHelmPromptTemplate(mimicRrsAdapterSpec());
}
