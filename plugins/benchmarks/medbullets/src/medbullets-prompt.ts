import {
  ADAPT_MULTIPLE_CHOICE_JOINT,
  createHelmPromptTemplate,
  multipleChoiceAdapterSpec,
} from '@medhelm/adapters';
import type { HelmAdapterSpec, PromptTemplateV2 } from '@medhelm/core';

/** The instructions of HELM's `get_medbullets_run_spec` (medhelm_run_specs.py), verbatim. */
export const MEDBULLETS_INSTRUCTIONS =
  'You are a highly knowledgeable AI assistant specializing in medicine. ' +
  'Your task is to answer medical questions similar to those found on the USMLE Step 2/3 exams. ' +
  'You will be provided with a clinical scenario followed by several multiple-choice options.\n\n' +
  'Select the correct answer by outputting only the letter corresponding to your choice (A, B, C, D, or E).';

/**
 * HELM's medbullets adapter spec: `get_multiple_choice_adapter_spec(multiple_choice_joint,
 * instructions, input_noun="Clinical Scenario", output_noun="Answer", max_tokens=1,
 * max_train_instances=0)`, i.e. one token at temperature 0, `top_k_per_token` 5.
 */
export function medbulletsAdapterSpec(): HelmAdapterSpec {
  return multipleChoiceAdapterSpec({
    method: ADAPT_MULTIPLE_CHOICE_JOINT,
    instructions: MEDBULLETS_INSTRUCTIONS,
    inputNoun: 'Clinical Scenario',
    outputNoun: 'Answer',
    maxTokens: 1,
    maxTrainInstances: 0,
  });
}

/** The medbullets prompt: HELM's multiple_choice_joint adapter over {@link medbulletsAdapterSpec}. */
export function createMedbulletsPrompt(): PromptTemplateV2 {
  return createHelmPromptTemplate(medbulletsAdapterSpec());
}
