import { describeProviderContract } from '@medhelm/testing';
import { createOpenAiCompatibleProvider } from './index.ts';

describeProviderContract({
  createProvider: (options) => createOpenAiCompatibleProvider(options),
  wire: 'openai',
  modelId: 'meta-llama/Llama-3.1-8B-Instruct',
  settings: (server) => ({ baseUrl: server.baseUrls.openai }),
  apiKeyEnvVar: 'OPENAI_API_KEY',
});
