import { createHelmPromptTemplate, generationAdapterSpec } from '@medhelm/adapters';
import type { HelmAdapterSpec, PromptTemplateV2 } from '@medhelm/core';

/** The instructions of HELM's `get_medcalc_bench_spec` (medhelm_run_specs.py), verbatim. */
export const MEDCALC_BENCH_INSTRUCTIONS =
  'Given a patient note and a clinical question, compute the requested medical value.';

/** The output noun of HELM's `get_medcalc_bench_spec`, verbatim; the prompt ends with it and ":". */
export const MEDCALC_BENCH_OUTPUT_NOUN =
  'Answer only the requested quantity without units. No explanation needed';

/**
 * HELM's medcalc_bench adapter spec: `get_generation_adapter_spec(instructions, input_noun=None,
 * newline_after_input_noun=False, output_noun=..., max_tokens=10, max_train_instances=0,
 * stop_sequences=[])`: one completion of at most 10 tokens at temperature 0, no stop sequence.
 */
export function medcalcBenchAdapterSpec(): HelmAdapterSpec {
  return generationAdapterSpec({
    instructions: MEDCALC_BENCH_INSTRUCTIONS,
    inputNoun: null,
    newlineAfterInputNoun: false,
    outputNoun: MEDCALC_BENCH_OUTPUT_NOUN,
    maxTokens: 10,
    maxTrainInstances: 0,
    stopSequences: [],
  });
}

/** The medcalc_bench prompt: HELM's generation adapter over {@link medcalcBenchAdapterSpec}. */
export function createMedcalcBenchPrompt(): PromptTemplateV2 {
  return createHelmPromptTemplate(medcalcBenchAdapterSpec());
}
