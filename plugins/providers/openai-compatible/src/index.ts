import { defineProviderPlugin } from '@medhelm/core';
import { createOpenAiCompatibleProvider } from './create-openai-compatible-provider.ts';

export { BODY_EXCERPT_LIMIT, isRetryableNetworkError, isRetryableStatus } from '@medhelm/http';
export {
  createOpenAiCompatibleProvider,
  DEFAULT_API_KEY_ENV_VAR,
  DEFAULT_TIMEOUT_MS,
  OPENAI_COMPATIBLE_PROVIDER_ID,
  type OpenAiCompatibleLanguageModel,
  type OpenAiCompatibleProvider,
  type OpenAiCompatibleProviderOptions,
} from './create-openai-compatible-provider.ts';

/** The provider with default options, as the runner registers it. */
export const openAiCompatibleProvider = createOpenAiCompatibleProvider();

/** The plugin the runner loads: registers {@link openAiCompatibleProvider}. */
export const plugin = defineProviderPlugin('@medhelm/provider-openai-compatible', openAiCompatibleProvider);
