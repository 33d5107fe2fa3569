import { createHelmPromptTemplate, generationAdapterSpec } from '@medhelm/adapters';
import type { HelmAdapterSpec, PromptTemplateV2 } from '@medhelm/core';

/** The instructions of HELM's `get_medication_qa_spec` (medhelm_run_specs.py), verbatim. */
export const MEDICATION_QA_INSTRUCTIONS = 'Please answer the following consumer health question.';

/**
 * HELM's medication_qa adapter spec: `get_generation_adapter_spec(instructions, input_noun="Question",
 * output_noun="Answer", max_train_instances=0, max_tokens=512, stop_sequences=[])`: one completion
 * of at most 512 tokens at temperature 0, no stop sequence.
 */
export function medicationQaAdapterSpec(): HelmAdapterSpec {
  return generationAdapterSpec({
    instructions: MEDICATION_QA_INSTRUCTIONS,
    inputNoun: 'Question',
    outputNoun: 'Answer',
    maxTrainInstances: 0,
    maxTokens: 512,
    stopSequences: [],
  });
}

/** The medication_qa prompt: HELM's generation adapter over {@link medicationQaAdapterSpec}. */
export function createMedicationQaPrompt(): PromptTemplateV2 {
  return createHelmPromptTemplate(medicationQaAdapterSpec());
}
