import { describe, expect, it } from 'vitest';
import type { ModelProviderV1 } from '../spec/model-provider-v1.ts';
import { defineProvider } from './define.ts';
import { defineProviderPlugin } from './define-provider-plugin.ts';

describe('defineProviderPlugin', () => {
  it('is a v1 provider plugin that registers the provider and nothing else', async () => {
    const provider = defineProvider({
      id: 'acme',
      displayName: 'Acme',
      languageModel: () => {
        throw new Error('not called');
      },
    });
    const plugin = defineProviderPlugin('@acme/medhelm-provider-acme', provider);
    expect(plugin).toMatchObject({
      specificationVersion: 'v1',
      name: '@acme/medhelm-provider-acme',
      kind: 'provider',
    });
    const registered: ModelProviderV1[] = [];
    const other = () => {
      throw new Error('a provider plugin registers only its provider');
    };
    await plugin.register({
      registerProvider: (registeredProvider) => registered.push(registeredProvider),
      registerBenchmark: other,
      registerScorer: other,
      registerNormalizer: other,
    });
    expect(registered).toEqual([provider]);
  });
});
