import { defineProviderPlugin } from '@medhelm/core';
import { createAzureOpenAiProvider } from './create-azure-openai-provider.ts';

export {
  AZURE_OPENAI_API_KEY_ENV_VAR,
  AZURE_OPENAI_API_VERSION_ENV_VAR,
  /** @public */ AZURE_OPENAI_BATCH_LIMITS,
  AZURE_OPENAI_ENDPOINT_ENV_VAR,
  AZURE_OPENAI_PROVIDER_ID,
  type AzureOpenAiLanguageModel,
  type AzureOpenAiProvider,
  type AzureOpenAiProviderOptions,
  createAzureOpenAiProvider,
  DEFAULT_AZURE_OPENAI_API_VERSION,
} from './create-azure-openai-provider.ts';

/** The provider with default options, as the runner registers it. */
export const azureOpenAiProvider = createAzureOpenAiProvider();

/** The plugin the runner loads: registers {@link azureOpenAiProvider}. */
export const plugin = defineProviderPlugin('@medhelm/provider-azure-openai', azureOpenAiProvider);
