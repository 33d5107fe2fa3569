import {
  createHelmPromptTemplate,
  type GenerationAdapterSpecOptions,
  generationAdapterSpec,
} from '@medhelm/adapters';
import type { PromptTemplateV2 } from '@medhelm/core';

/**
 * HELM's `generation` prompt as MedHELM's run specs ask for it: `get_generation_adapter_spec(...,
 * max_train_instances=0, stop_sequences=[])` (zero-shot, no stop sequence; every MedHELM generation
 * run spec passes both), one completion at temperature 0 unless `adapter` says otherwise.
 */
export function medhelmGenerationPrompt(adapter: GenerationAdapterSpecOptions): PromptTemplateV2 {
  return createHelmPromptTemplate(
    generationAdapterSpec({ maxTrainInstances: 0, stopSequences: [], ...adapter }),
  );
}
