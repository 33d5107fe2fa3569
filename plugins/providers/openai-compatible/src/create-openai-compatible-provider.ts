import {
  type ChatCompletionsLanguageModel,
  type ChatCompletionsProvider,
  type ChatCompletionsProviderOptions,
  defineChatCompletionsProvider,
} from '@medhelm/chat-completions';
import { ConfigError } from '@medhelm/core';
import { DEFAULT_MODEL_TIMEOUT_MS, normalizeBaseUrl, withoutCredentials } from '@medhelm/http';

/** The provider id users write in `--models openai-compatible:<model>`. */
export const OPENAI_COMPATIBLE_PROVIDER_ID = 'openai-compatible';

/** Where requests go when no `--base-url` is given. */
export const DEFAULT_OPENAI_BASE_URL = 'https://api.openai.com/v1';

/** The environment variable read for the key when no `--api-key-env` is given. */
export const DEFAULT_API_KEY_ENV_VAR = 'OPENAI_API_KEY';

/** Ten minutes: long generations on a busy local server can take minutes. */
export const DEFAULT_TIMEOUT_MS = DEFAULT_MODEL_TIMEOUT_MS;

export type OpenAiCompatibleProviderOptions = ChatCompletionsProviderOptions;
export type OpenAiCompatibleLanguageModel = ChatCompletionsLanguageModel;
export type OpenAiCompatibleProvider = ChatCompletionsProvider;

/**
 * A provider for any server speaking OpenAI's chat-completions protocol: OpenAI itself, vLLM,
 * Ollama, llama.cpp server, LM Studio. The key is read from `settings.env[settings.apiKeyEnvVar ??
 * 'OPENAI_API_KEY']`; without one no Authorization header is sent (local servers need none),
 * except that calls to api.openai.com fail with a ModelCallError naming the variable to set.
 */
export function createOpenAiCompatibleProvider(
  options: OpenAiCompatibleProviderOptions = {},
): OpenAiCompatibleProvider {
  return defineChatCompletionsProvider({
    id: OPENAI_COMPATIBLE_PROVIDER_ID,
    displayName: 'OpenAI-compatible chat completions (OpenAI, vLLM, Ollama, llama.cpp, LM Studio)',
    packageName: '@medhelm/provider-openai-compatible',
    apiKeyEnvVar: DEFAULT_API_KEY_ENV_VAR,
    timeoutMs: options.timeoutMs,
    endpoint: (modelId, settings, apiKey) => {
      if (modelId.trim() === '') {
        throw new ConfigError(
          'openai-compatible needs a model id, e.g. --models openai-compatible:gpt-4o-mini',
        );
      }
      const baseUrl = normalizeBaseUrl(settings.baseUrl ?? DEFAULT_OPENAI_BASE_URL);
      const displayBaseUrl = withoutCredentials(baseUrl);
      const keyHint = `Set the environment variable ${apiKey.envVar} to your API key (or name another variable with --api-key-env).`;
      const needsKey = apiKey.value === undefined && new URL(baseUrl).hostname === 'api.openai.com';
      const headers: Record<string, string> =
        apiKey.value === undefined ? {} : { authorization: `Bearer ${apiKey.value}` };
      return {
        wireModel: modelId,
        url: `${baseUrl}/chat/completions`,
        headers,
        cacheIdentity: { baseUrl: displayBaseUrl },
        unavailable: needsKey
          ? { message: `${displayBaseUrl} needs an API key and ${apiKey.envVar} is not set`, hint: keyHint }
          : undefined,
        hints: {
          unauthorized:
            apiKey.value === undefined
              ? keyHint
              : `Check the API key in ${apiKey.envVar} and that it may use this model.`,
          notFound: 'Check the model id and the base URL (it usually ends in /v1).',
          connectionRefused: 'Is the server running, and is --base-url right (it usually ends in /v1)?',
        },
      };
    },
  });
}
