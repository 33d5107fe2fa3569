import { createHelmPromptTemplate, generationAdapterSpec } from '@medhelm/adapters';
import type { HelmAdapterSpec, PromptTemplateV2 } from '@medhelm/core';

/** The instructions of HELM's `get_dischargeme_spec` (medhelm_run_specs.py), verbatim. */
export const DISCHARGEME_INSTRUCTIONS =
  'Given a discharge text, a radiology report text, and a target document of either discharge instructions or a brief hospital course, return the generated target document from the context provided.';

/**
 * HELM's dischargeme adapter spec: `get_generation_adapter_spec(instructions, input_noun=None,
 * newline_after_input_noun=False, output_noun="Answer", max_tokens=300, stop_sequences=[],
 * max_train_instances=0)`: no label before the input (it brings its own), `Answer:` after it, one
 * completion of at most 300 tokens at temperature 0, no stop sequence.
 */
export function dischargemeAdapterSpec(): HelmAdapterSpec {
  return generationAdapterSpec({
    instructions: DISCHARGEME_INSTRUCTIONS,
    inputNoun: null,
    newlineAfterInputNoun: false,
    outputNoun: 'Answer',
    maxTokens: 300,
    stopSequences: [],
    maxTrainInstances: 0,
  });
}

/** The dischargeme prompt: HELM's generation adapter over {@link dischargemeAdapterSpec}. */
export function createDischargemePrompt(): PromptTemplateV2 {
  return createHelmPromptTemplate(dischargemeAdapterSpec());
}
