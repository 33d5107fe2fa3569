import { describeProviderContract } from '@medhelm/testing';
import { createAnthropicProvider } from './index.ts';

describeProviderContract({
  createProvider: ({ timeoutMs }) => createAnthropicProvider({ timeoutMs }),
  wire: 'anthropic',
  modelId: 'claude-3-7-sonnet-20250219',
  settings: (server) => ({ baseUrl: server.baseUrls.anthropic }),
  apiKeyEnvVar: 'ANTHROPIC_API_KEY',
});
