import {
  defineProvider,
  type LanguageModelV1,
  type ModelProviderV1,
  type ProviderSettingsV1,
} from '@medhelm/core';
import { createSlots } from './create-slots.ts';
import type { MockWire } from './mock-wire.ts';
import { type ReferenceModel, referenceGenerate } from './reference-generate.ts';
import type { ReferenceProviderBreak } from './reference-provider-break.ts';

/** The key variable each wire's reference provider reads when the settings name none. */
export const REFERENCE_KEY_VARIABLES: Readonly<Record<MockWire, string>> = {
  openai: 'OPENAI_API_KEY',
  azure: 'AZURE_OPENAI_API_KEY',
  anthropic: 'ANTHROPIC_API_KEY',
  gemini: 'GEMINI_API_KEY',
};

/**
 * A minimal provider for each wire, on `fetch`, that keeps the provider contract. It is not
 * exported from the package: the tests of {@link describeProviderContract} run the suite against
 * it to show the suite passes a correct provider on every wire, and fails broken variants.
 * `breaks` switches one behaviour off at a time for those tests.
 */
export function createReferenceProvider(
  wire: MockWire,
  options: { timeoutMs: number; breaks?: ReferenceProviderBreak },
): ModelProviderV1 {
  const { breaks } = options;
  return defineProvider({
    id: `reference-${wire}`,
    displayName: `Reference ${wire} provider (tests only)`,
    languageModel: (modelId: string, settings: ProviderSettingsV1): LanguageModelV1 => {
      const apiKey = settings.env[settings.apiKeyEnvVar ?? REFERENCE_KEY_VARIABLES[wire]] ?? '';
      const baseUrl = (settings.baseUrl ?? '').replace(/\/+$/, '');
      const model: ReferenceModel = {
        wire,
        modelId,
        baseUrl,
        apiKey,
        breaks,
        timeoutMs: options.timeoutMs,
        redact: (text) => (breaks === 'leak-key' ? text : text.split(apiKey).join('[REDACTED]')),
        // fetch's own pool is unbounded: calls wait for one of `connections` slots, as on a pooled agent.
        slots: createSlots(
          breaks === 'unbounded-connections'
            ? Number.POSITIVE_INFINITY
            : ((breaks === 'fixed-connections' ? undefined : settings.connections) ?? 16),
        ),
      };
      return {
        specificationVersion: 'v1',
        providerId: `reference-${wire}`,
        modelId,
        cacheIdentity: { baseUrl },
        doGenerate: (request, callOptions) => referenceGenerate(model, request, callOptions),
      };
    },
  });
}
