import {
  ConfigError,
  defineProvider,
  type GenerateOptionsV1,
  type GenerationRequest,
  type GenerationResult,
  type LanguageModelV1,
  ModelCallError,
  type ModelProviderV1,
} from '@medhelm/core';
import { isMultipleChoicePrompt } from './is-multiple-choice-prompt.ts';

/** The provider id users write in `--models baseline:<model>`. */
export const BASELINE_PROVIDER_ID = 'baseline';

/** Part of every baseline model's cache key; bump it when an answer rule changes. */
export const BASELINE_VERSION = 'v1';

/** A baseline "model": a fixed rule from prompt text to answer. */
interface BaselineRule {
  description: string;
  answer(prompt: string): string;
}

const rules = {
  'first-option': {
    description: 'answers "A" to multiple-choice prompts (options rendered as "A. ..." lines), "" otherwise',
    answer: (prompt) => (isMultipleChoicePrompt(prompt) ? 'A' : ''),
  },
} satisfies Record<string, BaselineRule>;

/** The baseline model ids. */
export type BaselineModelId = keyof typeof rules;

/** Every baseline model id with what it answers, for help texts and `medhelm models list`. */
export const BASELINE_MODELS: Readonly<Record<BaselineModelId, string>> = Object.fromEntries(
  Object.entries(rules).map(([id, rule]) => [id, rule.description]),
) as Record<BaselineModelId, string>;

/**
 * A deterministic, non-LLM reference "model" so MedHELM runs with no model server and no key. Its
 * scores are a floor: what answering by a fixed rule achieves, for comparison with real models.
 * Settings (base URL, key) are ignored: it never touches the network.
 */
export function createBaselineProvider(): ModelProviderV1 {
  return defineProvider({
    id: BASELINE_PROVIDER_ID,
    // Deterministic answers computed here: no data leaves the process.
    inProcess: true,
    displayName: 'Baseline (non-LLM reference, not a model)',
    languageModel: (modelId) => createBaselineModel(modelId),
  });
}

function createBaselineModel(modelId: string): LanguageModelV1 {
  if (!Object.hasOwn(rules, modelId)) {
    const known = Object.keys(rules).join(', ');
    throw new ConfigError(`Unknown baseline model "${modelId}". Known baseline models: ${known}.`, {
      hint: 'The baseline is a fixed-rule reference, not a language model; e.g. --models baseline:first-option.',
    });
  }
  const rule: BaselineRule = rules[modelId as BaselineModelId];
  return {
    specificationVersion: 'v1',
    providerId: BASELINE_PROVIDER_ID,
    modelId,
    cacheIdentity: { baseline: BASELINE_VERSION },
    doGenerate: async (
      request: GenerationRequest,
      options: GenerateOptionsV1 = {},
    ): Promise<GenerationResult> => {
      if (options.signal?.aborted) {
        throw new ModelCallError(`baseline model "${modelId}": the call was aborted`, { isRetryable: false });
      }
      const prompt = promptText(request);
      const answer = rule.answer(prompt);
      return {
        completions: Array.from({ length: request.numCompletions }, () => ({
          text: answer,
          finishReason: 'stop',
        })),
        // Word counts, not tokens: there is no tokenizer, hence `estimated`.
        usage: {
          promptTokens: countWords(prompt),
          completionTokens: countWords(answer) * request.numCompletions,
          estimated: true,
        },
        requestTimeSeconds: 0,
        requestDatetime: Math.floor(Date.now() / 1000),
      };
    },
  };
}

// Chat requests carry their text in messages; the rule sees all of it, one message per line.
function promptText(request: GenerationRequest): string {
  return request.messages ? request.messages.map((message) => message.content).join('\n') : request.prompt;
}

/** Whitespace-separated words. */
export function countWords(text: string): number {
  return text.split(/\s+/).filter((word) => word !== '').length;
}
