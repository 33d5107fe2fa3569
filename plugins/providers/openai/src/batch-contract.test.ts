import { describeBatchContract } from '@medhelm/testing';
import { createOpenAiProvider } from './index.ts';

describeBatchContract({
  createProvider: () => createOpenAiProvider(),
  wire: 'openai',
  modelId: 'gpt-4o-2024-08-06',
  settings: (server) => ({ baseUrl: server.baseUrls.openai }),
  apiKeyEnvVar: 'OPENAI_API_KEY',
});
