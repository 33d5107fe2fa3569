import { defineProviderPlugin } from '@medhelm/core';
import { createOpenAiProvider } from './create-openai-provider.ts';

export {
  createOpenAiProvider,
  OPENAI_API_KEY_ENV_VAR,
  OPENAI_BASE_URL,
  /** @public */ OPENAI_BATCH_LIMITS,
  OPENAI_ORGANIZATION_ENV_VAR,
  OPENAI_PROJECT_ENV_VAR,
  OPENAI_PROVIDER_ID,
  type OpenAiLanguageModel,
  type OpenAiProvider,
  type OpenAiProviderOptions,
} from './create-openai-provider.ts';

/** The provider with default options, as the runner registers it. */
export const openAiProvider = createOpenAiProvider();

/** The plugin the runner loads: registers {@link openAiProvider}. */
export const plugin = defineProviderPlugin('@medhelm/provider-openai', openAiProvider);
