import { createHelmPromptTemplate, generationAdapterSpec } from '@medhelm/adapters';
import type { HelmAdapterSpec, PromptTemplateV2 } from '@medhelm/core';

/** The instructions of HELM's `get_med_dialog_spec` (medhelm_run_specs.py), verbatim. */
export const MED_DIALOG_INSTRUCTIONS = 'Generate a one sentence summary of this patient-doctor conversation.';

/**
 * HELM's med_dialog adapter spec: `get_generation_adapter_spec(instructions,
 * input_noun="Patient-Doctor", output_noun="Summary", max_tokens=80, max_train_instances=0,
 * stop_sequences=[])`: one completion of at most 80 tokens at temperature 0, no stop sequence.
 * The same for both subsets.
 */
export function medDialogAdapterSpec(): HelmAdapterSpec {
  return generationAdapterSpec({
    instructions: MED_DIALOG_INSTRUCTIONS,
    inputNoun: 'Patient-Doctor',
    outputNoun: 'Summary',
    maxTokens: 80,
    maxTrainInstances: 0,
    stopSequences: [],
  });
}

/** The med_dialog prompt: HELM's generation adapter over {@link medDialogAdapterSpec}. */
export function createMedDialogPrompt(): PromptTemplateV2 {
  return createHelmPromptTemplate(medDialogAdapterSpec());
}
