import { generationAdapterSpec } from '@medhelm/adapters';
import { definePromptTemplate, type PromptTemplateV2, REQUEST_DEFAULTS } from '@medhelm/core';

/**
 * The candidate's sampling settings in simple-evals' HealthBench runs: its `ChatCompletionSampler`
 * sends temperature 0.5 and max_tokens 2048 (run entries may override both).
 */
const CANDIDATE_TEMPERATURE = 0.5;
const CANDIDATE_MAX_TOKENS = 2048;

/**
 * The candidate's request: the example's messages exactly as the reference's sampler sends them
 * (`input.messages`), with the run's temperature and max tokens. A repeated example
 * (`n_repeats`) gets its own `random`, so it is sampled again rather than read from the cache.
 */
export function healthBenchPrompt(): PromptTemplateV2 {
  return definePromptTemplate({
    adapterSpec: generationAdapterSpec({
      maxTrainInstances: 0,
      stopSequences: [],
      maxTokens: CANDIDATE_MAX_TOKENS,
      temperature: CANDIDATE_TEMPERATURE,
    }),
    compile: (adapterSpec) => (instance) => {
      const repeat = Number(instance.extraData?.repeat ?? 0);
      return {
        request: {
          prompt: instance.input.text,
          ...(instance.input.messages === undefined ? {} : { messages: instance.input.messages }),
          temperature: adapterSpec.temperature,
          maxTokens: adapterSpec.max_tokens,
          stopSequences: [...adapterSpec.stop_sequences],
          numCompletions: adapterSpec.num_outputs,
          topKPerToken: 1,
          ...REQUEST_DEFAULTS,
          ...(repeat > 0 ? { random: `repeat ${repeat + 1}` } : {}),
        },
        numTrainInstances: 0,
        promptTruncated: false,
      };
    },
  });
}
