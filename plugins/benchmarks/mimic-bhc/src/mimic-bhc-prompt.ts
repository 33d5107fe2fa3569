import { createHelmPromptTemplate, generationAdapterSpec } from '@medhelm/adapters';
import type { HelmAdapterSpec, PromptTemplateV2 } from '@medhelm/core';

/** The instructions of HELM's `get_mimic_bhc_spec` (medhelm_run_specs.py), verbatim. */
export const MIMIC_BHC_INSTRUCTIONS = 'Summarize the clinical note into a brief hospital course.';

/**
 * HELM's mimic_bhc adapter spec: `get_generation_adapter_spec(instructions, input_noun="Clinical
 * Note", output_noun="Brief Hospital Course", newline_after_input_noun=True,
 * newline_after_output_noun=True, max_tokens=1024, max_train_instances=0, stop_sequences=[])`: the
 * note on the line after `Clinical Note:`, the prompt ending in `Brief Hospital Course:` (the
 * output prefix's newline is stripped at the end of the prompt), one completion of at most 1024
 * tokens at temperature 0, no stop sequence.
 */
export function mimicBhcAdapterSpec(): HelmAdapterSpec {
  return generationAdapterSpec({
    instructions: MIMIC_BHC_INSTRUCTIONS,
    inputNoun: 'Clinical Note',
    outputNoun: 'Brief Hospital Course',
    newlineAfterInputNoun: true,
    newlineAfterOutputNoun: true,
    maxTokens: 1024,
    maxTrainInstances: 0,
    stopSequences: [],
  });
}

/** The mimic_bhc prompt: HELM's generation adapter over {@link mimicBhcAdapterSpec}. */
export function createMimicBhcPrompt(): PromptTemplateV2 {
  return createHelmPromptTemplate(mimicBhcAdapterSpec());
}
