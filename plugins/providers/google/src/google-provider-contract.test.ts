import { describeProviderContract } from '@medhelm/testing';
import { createGoogleProvider } from './index.ts';

describeProviderContract({
  createProvider: ({ timeoutMs }) => createGoogleProvider({ timeoutMs }),
  wire: 'gemini',
  modelId: 'gemini-2.0-flash',
  settings: (server) => ({ baseUrl: server.baseUrls.gemini }),
  apiKeyEnvVar: 'GEMINI_API_KEY',
});
