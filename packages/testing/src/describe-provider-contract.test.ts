import { createReferenceProvider, REFERENCE_KEY_VARIABLES } from './create-reference-provider.ts';
import { describeProviderContract } from './describe-provider-contract.ts';
import { MOCK_WIRES } from './mock-wire.ts';

// The suite against a provider that keeps the contract, on every wire: with the provider's own
// default key variable, as provider packages run it.
const MODEL_IDS = {
  openai: 'gpt-4o-mini',
  azure: 'gpt-4o-deployment',
  anthropic: 'claude-3-5-haiku-20241022',
  gemini: 'gemini-2.0-flash',
} as const;

for (const wire of MOCK_WIRES) {
  describeProviderContract({
    name: `reference ${wire} provider`,
    createProvider: (options) => createReferenceProvider(wire, options),
    wire,
    modelId: MODEL_IDS[wire],
    settings: (server) => ({ baseUrl: server.baseUrls[wire] }),
    apiKeyEnvVar: REFERENCE_KEY_VARIABLES[wire],
  });
}

// Without apiKeyEnvVar the suite names the key variable in the settings itself.
describeProviderContract({
  name: 'reference anthropic provider, key variable named by the suite',
  createProvider: (options) => createReferenceProvider('anthropic', options),
  wire: 'anthropic',
  modelId: MODEL_IDS.anthropic,
  settings: (server) => ({ baseUrl: server.baseUrls.anthropic }),
});

// A provider that retries 400s breaks exactly one check; declared as a known violation, that
// check runs as it.fails and passes.
describeProviderContract({
  name: 'reference openai provider that retries 400 (known violation)',
  createProvider: (options) => createReferenceProvider('openai', { ...options, breaks: 'retry-400' }),
  wire: 'openai',
  modelId: MODEL_IDS.openai,
  settings: (server) => ({ baseUrl: server.baseUrls.openai }),
  knownViolations: { 'bad-request': 'retries 400s on purpose, to test knownViolations' },
});

// A provider with a fixed pool of 16 ignores settings.connections, and one without a pool ignores
// the default: each breaks exactly its connections check, which then runs as it.fails.
describeProviderContract({
  name: 'reference anthropic provider that ignores settings.connections (known violation)',
  createProvider: (options) =>
    createReferenceProvider('anthropic', { ...options, breaks: 'fixed-connections' }),
  wire: 'anthropic',
  modelId: MODEL_IDS.anthropic,
  settings: (server) => ({ baseUrl: server.baseUrls.anthropic }),
  apiKeyEnvVar: REFERENCE_KEY_VARIABLES.anthropic,
  knownViolations: { connections: 'a fixed pool of 16, on purpose' },
});

describeProviderContract({
  name: 'reference gemini provider without a connection limit (known violation)',
  createProvider: (options) =>
    createReferenceProvider('gemini', { ...options, breaks: 'unbounded-connections' }),
  wire: 'gemini',
  modelId: MODEL_IDS.gemini,
  settings: (server) => ({ baseUrl: server.baseUrls.gemini }),
  apiKeyEnvVar: REFERENCE_KEY_VARIABLES.gemini,
  knownViolations: { 'default-connections': 'no limit at all, on purpose' },
});
