import { createHelmPromptTemplate, generationAdapterSpec } from '@medhelm/adapters';
import type { HelmAdapterSpec, PromptTemplateV2 } from '@medhelm/core';

/** The instructions of HELM's `get_mimiciv_billing_code_spec` (medhelm_run_specs.py), verbatim. */
export const MIMICIV_BILLING_CODE_INSTRUCTIONS =
  'Given the following clinical note, identify all relevant ICD-10 codes.';

/**
 * HELM's mimiciv_billing_code adapter spec: `get_generation_adapter_spec(instructions,
 * input_noun="Note", output_noun="Predicted ICD-10 Codes", newline_after_input_noun=True,
 * newline_after_output_noun=True, max_tokens=256, max_train_instances=0, stop_sequences=[])`: one
 * completion of at most 256 tokens at temperature 0, no stop sequence.
 */
export function mimicivBillingCodeAdapterSpec(): HelmAdapterSpec {
  return generationAdapterSpec({
    instructions: MIMICIV_BILLING_CODE_INSTRUCTIONS,
    inputNoun: 'Note',
    newlineAfterInputNoun: true,
    outputNoun: 'Predicted ICD-10 Codes',
    newlineAfterOutputNoun: true,
    maxTokens: 256,
    maxTrainInstances: 0,
    stopSequences: [],
  });
}

/** The mimiciv_billing_code prompt: HELM's generation adapter over {@link mimicivBillingCodeAdapterSpec}. */
export function createMimicivBillingCodePrompt(): PromptTemplateV2 {
  return createHelmPromptTemplate(mimicivBillingCodeAdapterSpec());
}
