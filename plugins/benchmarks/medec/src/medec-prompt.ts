import { createHelmPromptTemplate, generationAdapterSpec } from '@medhelm/adapters';
import type { HelmAdapterSpec, PromptTemplateV2 } from '@medhelm/core';

/** The instructions of HELM's `get_medec_run_spec` (medhelm_run_specs.py), verbatim. */
export const MEDEC_INSTRUCTIONS =
  'The following is a medical narrative about a patient. ' +
  'You are a skilled medical doctor reviewing the clinical text. ' +
  'The text is either correct or contains one error. ' +
  'The text has a sentence per line. Each line starts with the ' +
  'sentence ID, followed by a space character then the sentence to check. ' +
  'Check every sentence of the text. ' +
  'If the text is correct return the following output: CORRECT. ' +
  'If the text has a medical error, return the sentence ID of the ' +
  'sentence containing the error, followed by a space, ' +
  'and a corrected version of the sentence.';

/**
 * HELM's medec adapter spec: `get_generation_adapter_spec(instructions, input_noun="Clinical Note",
 * output_noun="Answer", max_tokens=256, max_train_instances=0, stop_sequences=[])`: one completion
 * of at most 256 tokens at temperature 0, no stop sequence.
 */
export function medecAdapterSpec(): HelmAdapterSpec {
  return generationAdapterSpec({
    instructions: MEDEC_INSTRUCTIONS,
    inputNoun: 'Clinical Note',
    outputNoun: 'Answer',
    maxTokens: 256,
    maxTrainInstances: 0,
    stopSequences: [],
  });
}

/** The medec prompt: HELM's generation adapter over {@link medecAdapterSpec}. */
export function createMedecPrompt(): PromptTemplateV2 {
  return createHelmPromptTemplate(medecAdapterSpec());
}
