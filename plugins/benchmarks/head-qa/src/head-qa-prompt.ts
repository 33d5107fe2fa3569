import { createHelmPromptTemplate, multipleChoiceAdapterSpec } from '@medhelm/adapters';
import type { HelmAdapterSpec, PromptTemplateV2 } from '@medhelm/core';

/** The instructions of HELM's `get_head_qa_run_spec` (medhelm_run_specs.py), verbatim. */
export const HEAD_QA_INSTRUCTIONS =
  'You are a highly knowledgeable AI assistant specializing in biomedical sciences. Your task is to answer ' +
  'multiple-choice questions accurately based on the options provided. ' +
  'Each question will relate to biomedical concepts, ' +
  'and you will be asked to choose the most appropriate answer.\n\n' +
  'Select the correct answer by outputting only the letter corresponding to your choice (A, B, C, or D).';

/**
 * HELM's head_qa adapter spec: `get_multiple_choice_adapter_spec(multiple_choice_joint,
 * instructions, input_noun="Question", output_noun="Answer", max_tokens=1,
 * max_train_instances=0)`, i.e. one token at temperature 0, `top_k_per_token` 5.
 */
export function headQaAdapterSpec(): HelmAdapterSpec {
  return multipleChoiceAdapterSpec({
    method: 'multiple_choice_joint',
    instructions: HEAD_QA_INSTRUCTIONS,
    inputNoun: 'Question',
    outputNoun: 'Answer',
    maxTokens: 1,
    maxTrainInstances: 0,
  });
}

/** The head_qa prompt: HELM's multiple_choice_joint adapter over {@link headQaAdapterSpec}. */
export function createHeadQaPrompt(): PromptTemplateV2 {
  return createHelmPromptTemplate(headQaAdapterSpec());
}
