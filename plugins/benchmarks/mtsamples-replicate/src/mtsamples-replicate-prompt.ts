import { createHelmPromptTemplate, generationAdapterSpec } from '@medhelm/adapters';
import type { HelmAdapterSpec, PromptTemplateV2 } from '@medhelm/core';

/** The instructions of HELM's `get_mtsamples_spec` (medhelm_run_specs.py), verbatim. */
export const MTSAMPLES_REPLICATE_INSTRUCTIONS =
  'Given various information about a patient, return a reasonable treatment plan for the patient.';

/**
 * HELM's mtsamples_replicate adapter spec: `get_generation_adapter_spec(instructions,
 * input_noun=None, newline_after_input_noun=False, output_noun="Answer", max_tokens=512,
 * max_train_instances=0, stop_sequences=[])`: no input prefix, one completion of at most 512
 * tokens at temperature 0, no stop sequence.
 */
export function mtsamplesReplicateAdapterSpec(): HelmAdapterSpec {
  return generationAdapterSpec({
    instructions: MTSAMPLES_REPLICATE_INSTRUCTIONS,
    inputNoun: null,
    newlineAfterInputNoun: false,
    outputNoun: 'Answer',
    maxTokens: 512,
    maxTrainInstances: 0,
    stopSequences: [],
  });
}

/** The mtsamples_replicate prompt: HELM's generation adapter over {@link mtsamplesReplicateAdapterSpec}. */
export function createMtsamplesReplicatePrompt(): PromptTemplateV2 {
  return createHelmPromptTemplate(mtsamplesReplicateAdapterSpec());
}
