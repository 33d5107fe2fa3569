import { createHelmPromptTemplate, generationAdapterSpec } from '@medhelm/adapters';
import type { HelmAdapterSpec, PromptTemplateV2 } from '@medhelm/core';

/** The instructions of HELM's `get_mtsamples_procedures_spec` (medhelm_run_specs.py), verbatim. */
export const MTSAMPLES_PROCEDURES_INSTRUCTIONS =
  'Here are information about a patient, return a reasonable treatment plan for the patient.';

/**
 * HELM's mtsamples_procedures adapter spec: `get_generation_adapter_spec(instructions,
 * input_noun="Patient Notes", newline_after_input_noun=False, output_noun="Answer",
 * max_tokens=512, max_train_instances=0, stop_sequences=[])`: one completion of at most 512
 * tokens at temperature 0, no stop sequence.
 */
export function mtsamplesProceduresAdapterSpec(): HelmAdapterSpec {
  return generationAdapterSpec({
    instructions: MTSAMPLES_PROCEDURES_INSTRUCTIONS,
    inputNoun: 'Patient Notes',
    newlineAfterInputNoun: false,
    outputNoun: 'Answer',
    maxTokens: 512,
    maxTrainInstances: 0,
    stopSequences: [],
  });
}

/** The mtsamples_procedures prompt: HELM's generation adapter over {@link mtsamplesProceduresAdapterSpec}. */
export function createMtsamplesProceduresPrompt(): PromptTemplateV2 {
  return createHelmPromptTemplate(mtsamplesProceduresAdapterSpec());
}
