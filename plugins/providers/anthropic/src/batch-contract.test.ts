import { describeBatchContract } from '@medhelm/testing';
import { createAnthropicProvider } from './index.ts';

describeBatchContract({
  createProvider: () => createAnthropicProvider(),
  wire: 'anthropic',
  modelId: 'claude-3-7-sonnet-20250219',
  settings: (server) => ({ baseUrl: server.baseUrls.anthropic }),
  apiKeyEnvVar: 'ANTHROPIC_API_KEY',
});
