import { describeProviderContract } from '@medhelm/testing';
import { createAzureOpenAiProvider } from './index.ts';

describeProviderContract({
  createProvider: (options) => createAzureOpenAiProvider(options),
  wire: 'azure',
  modelId: 'gpt-4o-prod',
  settings: (server) => ({ baseUrl: server.baseUrls.azure }),
  apiKeyEnvVar: 'AZURE_OPENAI_API_KEY',
});
