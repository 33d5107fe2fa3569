import { createHelmPromptTemplate, generationAdapterSpec } from '@medhelm/adapters';
import type { HelmAdapterSpec, PromptTemplateV2 } from '@medhelm/core';

/** The instructions of HELM's `get_aci_bench_run_spec` (medhelm_run_specs.py), verbatim. */
export const ACI_BENCH_INSTRUCTIONS =
  'Summarize the conversation to generate a clinical note with four sections:\n' +
  '1. HISTORY OF PRESENT ILLNESS\n' +
  '2. PHYSICAL EXAM\n' +
  '3. RESULTS\n' +
  '4. ASSESSMENT AND PLAN\n\n' +
  'The conversation is:';

/**
 * HELM's aci_bench adapter spec: `get_generation_adapter_spec(instructions, input_noun="Conversation",
 * output_noun="Clinical Note", max_tokens=768, max_train_instances=0, stop_sequences=[])`: one
 * completion of at most 768 tokens at temperature 0, no stop sequence.
 */
export function aciBenchAdapterSpec(): HelmAdapterSpec {
  return generationAdapterSpec({
    instructions: ACI_BENCH_INSTRUCTIONS,
    inputNoun: 'Conversation',
    outputNoun: 'Clinical Note',
    maxTokens: 768,
    maxTrainInstances: 0,
    stopSequences: [],
  });
}

/** The aci_bench prompt: HELM's generation adapter over {@link aciBenchAdapterSpec}. */
export function createAciBenchPrompt(): PromptTemplateV2 {
  return createHelmPromptTemplate(aciBenchAdapterSpec());
}
