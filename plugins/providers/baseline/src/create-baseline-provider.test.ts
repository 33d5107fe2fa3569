import {
  ConfigError,
  type GenerationRequest,
  generationResultSchema,
  MedHelmError,
  ModelCallError,
  REQUEST_DEFAULTS,
} from '@medhelm/core';
import { expectProviderPlugin } from '@medhelm/testing';
import { describe, expect, it } from 'vitest';
import {
  BASELINE_MODELS,
  baselineProvider,
  createBaselineProvider,
  isMultipleChoicePrompt,
  plugin,
} from './index.ts';

// A prompt as HELM's multiple_choice_joint adapter renders PubMedQA (instructions, input, options).
const multipleChoicePrompt =
  'Answer A for yes, B for no or C for maybe.\n\n' +
  'Context: Aspirin irreversibly inhibits cyclooxygenase.\n' +
  'Question: Does aspirin inhibit platelet aggregation?\n' +
  'A. yes\nB. no\nC. maybe\nAnswer:';

// A generation prompt (MedCalc-Bench style): no option lines.
const generationPrompt = 'Patient note: 54 year old, weight 80 kg.\nQuestion: What is the BMI?\nAnswer:';

function requestFor(prompt: string, extra: Partial<GenerationRequest> = {}): GenerationRequest {
  return {
    prompt,
    temperature: 0,
    maxTokens: 1,
    stopSequences: [],
    numCompletions: 1,
    topKPerToken: 1,
    ...REQUEST_DEFAULTS,
    ...extra,
  };
}

const model = baselineProvider.languageModel('first-option', { env: {} });

describe('createBaselineProvider', () => {
  it('is a v1 provider clearly labelled as not a model', () => {
    expect(baselineProvider.specificationVersion).toBe('v1');
    expect(baselineProvider.id).toBe('baseline');
    expect(baselineProvider.displayName).toBe('Baseline (non-LLM reference, not a model)');
    expect(Object.keys(BASELINE_MODELS)).toEqual(['first-option']);
  });

  it('answers "A" to a multiple-choice prompt, with word-count usage marked estimated', async () => {
    const result = await model.doGenerate(requestFor(multipleChoicePrompt));
    expect(generationResultSchema.parse(result)).toEqual(result);
    expect(result.completions).toEqual([{ text: 'A', finishReason: 'stop' }]);
    expect(result.usage).toEqual({
      promptTokens: multipleChoicePrompt.split(/\s+/).length,
      completionTokens: 1,
      estimated: true,
    });
    expect(result.usage.promptTokens).toBe(29);
    expect(result.requestTimeSeconds).toBe(0);
  });

  it('answers the empty string to a prompt without options', async () => {
    const result = await model.doGenerate(requestFor(generationPrompt, { maxTokens: 100 }));
    expect(result.completions).toEqual([{ text: '', finishReason: 'stop' }]);
    expect(result.usage).toEqual({ promptTokens: 14, completionTokens: 0, estimated: true });
  });

  it('reads chat messages when the request has them', async () => {
    const messages = [
      { role: 'system' as const, content: 'Pick one option.' },
      { role: 'user' as const, content: 'Which?\nA. this\nB. that' },
    ];
    const result = await model.doGenerate(requestFor('', { messages }));
    expect(result.completions[0]?.text).toBe('A');
    expect(result.usage.promptTokens).toBe(8);
  });

  it('returns numCompletions identical answers and counts their words', async () => {
    const result = await model.doGenerate(requestFor(multipleChoicePrompt, { numCompletions: 3 }));
    expect(result.completions.map((completion) => completion.text)).toEqual(['A', 'A', 'A']);
    expect(result.usage.completionTokens).toBe(3);
  });

  it('is deterministic and has a constant cache identity without settings in it', async () => {
    const other = createBaselineProvider().languageModel('first-option', {
      baseUrl: 'http://127.0.0.1:1/v1',
      env: { OPENAI_API_KEY: 'sk-ignored' },
    });
    expect(model.cacheIdentity).toEqual({ baseline: 'v1' });
    expect(other.cacheIdentity).toEqual(model.cacheIdentity);
    expect(other.providerId).toBe('baseline');
    expect(other.modelId).toBe('first-option');
    const a = await model.doGenerate(requestFor(multipleChoicePrompt));
    const b = await other.doGenerate(requestFor(multipleChoicePrompt));
    expect(b.completions).toEqual(a.completions);
    expect(b.usage).toEqual(a.usage);
  });

  it('rejects an unknown model id with a ConfigError listing the baseline models', () => {
    let thrown: unknown;
    try {
      baselineProvider.languageModel('gpt-4o', { env: {} });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ConfigError);
    expect(MedHelmError.isInstance(thrown)).toBe(true);
    expect((thrown as ConfigError).message).toBe(
      'Unknown baseline model "gpt-4o". Known baseline models: first-option.',
    );
    expect((thrown as ConfigError).hint).toMatch(/not a language model/);
    expect(() => baselineProvider.languageModel('toString', { env: {} })).toThrow(ConfigError);
  });

  it('refuses a call whose signal is already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(
      model.doGenerate(requestFor(multipleChoicePrompt), { signal: controller.signal }),
    ).rejects.toThrow(ModelCallError);
  });

  it('exports a provider plugin that registers the provider, as its manifest says', async () => {
    await expectProviderPlugin(plugin, {
      name: '@medhelm/provider-baseline',
      provider: baselineProvider,
      packageJson: new URL('../package.json', import.meta.url),
    });
  });
});

describe('isMultipleChoicePrompt', () => {
  it('needs option lines starting with "A. " and "B. "', () => {
    expect(isMultipleChoicePrompt(multipleChoicePrompt)).toBe(true);
    expect(isMultipleChoicePrompt('Options:\nA. first\nB. second\n')).toBe(true);
    expect(isMultipleChoicePrompt(generationPrompt)).toBe(false);
    expect(isMultipleChoicePrompt('A. Fib noted on ECG.\nPlan: anticoagulate.')).toBe(false);
    expect(isMultipleChoicePrompt('Choose A. or B. in the text')).toBe(false);
    expect(isMultipleChoicePrompt('A.yes\nB.no')).toBe(false);
  });
});
