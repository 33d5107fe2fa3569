import { describeBatchContract } from '@medhelm/testing';
import { createAzureOpenAiProvider } from './index.ts';

describeBatchContract({
  createProvider: () => createAzureOpenAiProvider(),
  wire: 'azure',
  modelId: 'gpt-4o-batch',
  settings: (server) => ({ baseUrl: server.baseUrls.azure }),
  apiKeyEnvVar: 'AZURE_OPENAI_API_KEY',
});
