import { createHelmPromptTemplate, generationAdapterSpec } from '@medhelm/adapters';
import type { HelmAdapterSpec, PromptTemplateV2 } from '@medhelm/core';

/** The instructions of HELM's `get_medhallu_spec` (medhelm_run_specs.py), verbatim. */
export const MEDHALLU_INSTRUCTIONS = `You are an AI assistant with extensive knowledge in the field of medicine. I want you act as an answer judge. Given a question and an answer, your objective is to determine if the provided answer contains non-factual or hallucinated information. You SHOULD give your judgement based on the following hallucination types and the world knowledge.

You are trying to determine if there is a factual contradiction between the answer and the world knowledge. Some information in the answer might be fabricated. Answer '0' if the answer is factual and '1' if the answer is hallucinated. You can categorize the answer as hallucinated if it falls in either of the category:
Type: Misinterpretation of #Question#: These are hallucinated answers that misunderstands the question, leading to an off-topic or irrelevant response.
Type: Incomplete Information: These are hallucinated answers that Point out what is not true without providing correct information.
Type: Mechanism and Pathway Misattribution - These are hallucinated answer that falsely attribution of biological mechanisms, molecular pathways, or disease processes that contradicts established medical knowledge
Type: Methodological and Evidence Fabrication - Inventing false research methods, statistical data, or specific clinical outcomes

Do not return anything else, just the answer.
Return just an integer value, '0' if the answer is factual and '1' if the answer is hallucinated. No letter or word, just the integer value.`;

/**
 * The output noun of HELM's `get_medhallu_spec`, verbatim: it repeats the last instruction line
 * (with a line break inside) and the prompt ends with it and ":".
 */
export const MEDHALLU_OUTPUT_NOUN = `Return just an integer value, '0' if the answer is factual and '1' if the answer is hallucinated.
No letter or word, just the integer value.

Your Judgment`;

/**
 * HELM's medhallu adapter spec: `get_generation_adapter_spec(instructions, input_noun=None,
 * output_noun=..., max_train_instances=0, stop_sequences=[])`, i.e. one completion of at most 5
 * tokens (HELM's default) at temperature 0, no stop sequence.
 */
export function medhalluAdapterSpec(): HelmAdapterSpec {
  return generationAdapterSpec({
    instructions: MEDHALLU_INSTRUCTIONS,
    inputNoun: null,
    outputNoun: MEDHALLU_OUTPUT_NOUN,
    // get_medhallu_spec passes no max_tokens: get_generation_adapter_spec's default.
    maxTokens: 5,
    maxTrainInstances: 0,
    stopSequences: [],
  });
}

/** The medhallu prompt: HELM's generation adapter over {@link medhalluAdapterSpec}. */
export function createMedhalluPrompt(): PromptTemplateV2 {
  return createHelmPromptTemplate(medhalluAdapterSpec());
}
