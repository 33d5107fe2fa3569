import { createHelmPromptTemplate, multipleChoiceAdapterSpec } from '@medhelm/adapters';
import type { HelmAdapterSpec, PromptTemplateV2 } from '@medhelm/core';

/** The instructions of HELM's `get_pubmed_qa_spec` (medhelm_run_specs.py), verbatim. */
export const PUBMED_QA_INSTRUCTIONS =
  'Answer A for yes, B for no or C for maybe. Do not include any explanation or additional text. Output only the letter on a single line.';

/**
 * HELM's pubmed_qa adapter spec: `get_multiple_choice_adapter_spec(multiple_choice_joint,
 * instructions, input_noun="Question", output_noun="Answer", max_train_instances=0)`, i.e. one
 * token at temperature 0, `top_k_per_token` 5.
 */
export function pubmedQaAdapterSpec(): HelmAdapterSpec {
  return multipleChoiceAdapterSpec({
    method: 'multiple_choice_joint',
    instructions: PUBMED_QA_INSTRUCTIONS,
    inputNoun: 'Question',
    outputNoun: 'Answer',
    maxTrainInstances: 0,
  });
}

/** The pubmed_qa prompt: HELM's multiple_choice_joint adapter over {@link pubmedQaAdapterSpec}. */
export function createPubmedQaPrompt(): PromptTemplateV2 {
  return createHelmPromptTemplate(pubmedQaAdapterSpec());
}
