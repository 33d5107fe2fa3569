import { createHelmPromptTemplate, generationAdapterSpec } from '@medhelm/adapters';
import type { HelmAdapterSpec, PromptTemplateV2 } from '@medhelm/core';

/**
 * HELM's medalign adapter spec: `get_generation_adapter_spec(instructions="", input_noun=None,
 * newline_after_input_noun=False, output_noun=None, max_tokens=256, stop_sequences=[],
 * max_train_instances=0)`: the input (which already ends in `Answer:`) and a newline, one
 * completion of at most 256 tokens at temperature 0, no stop sequence.
 */
export function medalignAdapterSpec(): HelmAdapterSpec {
  return generationAdapterSpec({
    instructions: '',
    inputNoun: null,
    newlineAfterInputNoun: false,
    outputNoun: null,
    maxTokens: 256,
    stopSequences: [],
    maxTrainInstances: 0,
  });
}

/** The medalign prompt: HELM's generation adapter over {@link medalignAdapterSpec}. */
export function createMedalignPrompt(): PromptTemplateV2 {
  return createHelmPromptTemplate(medalignAdapterSpec());
}
