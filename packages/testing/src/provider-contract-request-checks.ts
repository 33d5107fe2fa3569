import { type GenerationRequest, type GenerationResult, generationResultSchema } from '@medhelm/core';
import { expect } from 'vitest';
import { apiKeyHeader, CONTRACT_API_KEY } from './provider-contract-checks.ts';
import {
  CONTRACT_REQUEST,
  LONG_TIMEOUT_MS,
  OTHER_KEY,
  OTHER_KEY_VARIABLE,
  type ProviderContractHarness,
  SUITE_KEY_VARIABLE,
} from './provider-contract-harness.ts';

/** The checks of the request a provider sends and of how it maps the answer (identity to finish reasons). */
export function describeRequestChecks(harness: ProviderContractHarness): void {
  const { options, wire, modelId, setup, generateAndCheck, check } = harness;

  check('identity', 'is a v1 provider whose models report their provider and model id', async () => {
    const { model } = await setup();
    const provider = options.createProvider({ timeoutMs: LONG_TIMEOUT_MS });
    expect(provider.specificationVersion).toBe('v1');
    expect(provider.id).not.toBe('');
    expect(model.specificationVersion).toBe('v1');
    expect(model.providerId).toBe(provider.id);
    expect(model.modelId).toBe(modelId);
  });

  check(
    'request-shape',
    'sends the prompt as the single user message, with the decoding parameters and the key in its header',
    async () => {
      const { server, model } = await setup({ reply: () => ' B' });
      const result = await generateAndCheck(server, model, CONTRACT_REQUEST);
      expect(generationResultSchema.parse(result)).toEqual(result);
      expect(result.completions).toEqual([{ text: ' B', finishReason: 'stop', ...logprobOf(result) }]);
    },
  );

  check('stop-sequences', 'sends stop sequences, max tokens and temperature in the wire fields', async () => {
    const { server, model } = await setup();
    const request = {
      ...CONTRACT_REQUEST,
      stopSequences: ['\n\n', '###'],
      maxTokens: 50,
      temperature: 0.7,
    };
    await generateAndCheck(server, model, request);
  });

  if (wire !== 'anthropic') {
    check('num-completions', 'asks for numCompletions answers and returns them in order', async () => {
      const { server, model } = await setup({ reply: () => ({ content: ['one', 'two', 'three'] }) });
      const request = { ...CONTRACT_REQUEST, numCompletions: 3, temperature: 0.7 };
      const result = await generateAndCheck(server, model, request);
      expect(result.completions.map((completion) => completion.text)).toEqual(['one', 'two', 'three']);
    });
  }

  check(
    'chat-messages',
    'sends chat messages as given, the system prompt where the wire wants it',
    async () => {
      const { server, model } = await setup();
      const request: GenerationRequest = {
        ...CONTRACT_REQUEST,
        messages: [
          { role: 'system', content: 'You are a careful physician.' },
          { role: 'user', content: 'Is aspirin an NSAID?' },
          { role: 'assistant', content: 'Yes.' },
          { role: 'user', content: 'Answer with one letter.' },
        ],
      };
      await generateAndCheck(server, model, request);
    },
  );

  check('api-key-variable', 'reads the key from the variable settings.apiKeyEnvVar names', async () => {
    const { server, model } = await setup(
      {},
      {
        settings: (mock) => {
          const given = options.settings(mock);
          return {
            ...given,
            apiKeyEnvVar: OTHER_KEY_VARIABLE,
            env: {
              ...given.env,
              [OTHER_KEY_VARIABLE]: OTHER_KEY,
              [options.apiKeyEnvVar ?? SUITE_KEY_VARIABLE]: CONTRACT_API_KEY,
            },
          };
        },
      },
    );
    await model.doGenerate(CONTRACT_REQUEST);
    const received = server.requests[0];
    const header = apiKeyHeader(wire, OTHER_KEY);
    const sent =
      received?.headers[header.name] ?? (options.allowKeyInQuery ? received?.query.key : undefined);
    expect(
      sent === header.value || sent === OTHER_KEY,
      `the key sent is the one in ${OTHER_KEY_VARIABLE}`,
    ).toBe(true);
    expect(JSON.stringify(received?.headers)).not.toContain(CONTRACT_API_KEY);
  });

  check('usage', "maps the wire's usage to promptTokens and completionTokens", async () => {
    const { model } = await setup({
      reply: () => ({ usage: { prompt_tokens: 42, completion_tokens: 3 } }),
    });
    const result = await model.doGenerate(CONTRACT_REQUEST);
    expect(result.usage.promptTokens).toBe(42);
    expect(result.usage.completionTokens).toBe(3);
    expect(result.usage.estimated ?? false).toBe(false);
  });

  check('finish-reasons', "maps the wire's finish reasons to stop and length", async () => {
    const reasons = ['stop', 'length', 'stop_sequence'];
    const { model } = await setup({
      reply: (_call, index) => ({ finishReason: reasons[index] ?? 'stop' }),
    });
    const request = { ...CONTRACT_REQUEST, stopSequences: ['###'] };
    const seen: string[] = [];
    for (const _ of reasons) seen.push((await model.doGenerate(request)).completions[0]?.finishReason ?? '');
    expect(seen).toEqual(['stop', 'length', 'stop']);
  });
}

// The result's completions may carry a logprob; the mock sends none, so any value is the provider's.
function logprobOf(result: GenerationResult): { logprob?: number } {
  const logprob = result.completions[0]?.logprob;
  return logprob === undefined ? {} : { logprob };
}
