import { createHelmPromptTemplate, generationAdapterSpec } from '@medhelm/adapters';
import type { HelmAdapterSpec, PromptTemplateV2 } from '@medhelm/core';

/** The instructions of HELM's `get_medi_qa_spec` (medhelm_run_specs.py), verbatim. */
export const MEDI_QA_INSTRUCTIONS = 'Answer the following consumer health question.';

/**
 * HELM's medi_qa adapter spec: `get_generation_adapter_spec(instructions, input_noun="Question",
 * output_noun="Answer", max_tokens=1024, max_train_instances=0, stop_sequences=[])`: one completion
 * of at most 1024 tokens at temperature 0, no stop sequence.
 */
export function mediQaAdapterSpec(): HelmAdapterSpec {
  return generationAdapterSpec({
    instructions: MEDI_QA_INSTRUCTIONS,
    inputNoun: 'Question',
    outputNoun: 'Answer',
    maxTokens: 1024,
    maxTrainInstances: 0,
    stopSequences: [],
  });
}

/** The medi_qa prompt: HELM's generation adapter over {@link mediQaAdapterSpec}. */
export function createMediQaPrompt(): PromptTemplateV2 {
  return createHelmPromptTemplate(mediQaAdapterSpec());
}
