import {
  type ChatCompletionsEndpoint,
  type ChatCompletionsLanguageModel,
  type ChatCompletionsProvider,
  type ChatCompletionsProviderOptions,
  defineChatCompletionsProvider,
} from '@medhelm/chat-completions';
import { DEFAULT_MODEL_TIMEOUT_MS, normalizeBaseUrl, withoutCredentials } from '@medhelm/http';

/** The provider id users write in `--models openai-compatible:<model>`. */
export const OPENAI_COMPATIBLE_PROVIDER_ID = 'openai-compatible';

/** The environment variable read for the key when no `--api-key-env` is given. */
export const DEFAULT_API_KEY_ENV_VAR = 'OPENAI_API_KEY';

/** Ten minutes: long generations on a busy local server can take minutes. */
export const DEFAULT_TIMEOUT_MS = DEFAULT_MODEL_TIMEOUT_MS;

export type OpenAiCompatibleProviderOptions = ChatCompletionsProviderOptions;
export type OpenAiCompatibleLanguageModel = ChatCompletionsLanguageModel;
export type OpenAiCompatibleProvider = ChatCompletionsProvider;

/**
 * A provider for any server speaking OpenAI's chat-completions protocol: vLLM, Ollama, llama.cpp
 * server, LM Studio, a hosted OpenAI-compatible API (or OpenAI itself, whose own provider is
 * `openai`). The server is the one the settings' `baseUrl` names: there is no default, so a
 * deployment without one is `unavailable` (the run is refused before any request) instead of
 * silently going to a public API. The key is read from `settings.env[settings.apiKeyEnvVar ??
 * 'OPENAI_API_KEY']`; without one no Authorization header is sent (local servers need none),
 * except that api.openai.com without a key is `unavailable` too, naming the variable to set.
 */
export function createOpenAiCompatibleProvider(
  options: OpenAiCompatibleProviderOptions = {},
): OpenAiCompatibleProvider {
  return defineChatCompletionsProvider({
    id: OPENAI_COMPATIBLE_PROVIDER_ID,
    displayName: 'OpenAI-compatible chat completions (vLLM, Ollama, llama.cpp, LM Studio, hosted APIs)',
    packageName: '@medhelm/provider-openai-compatible',
    apiKeyEnvVar: DEFAULT_API_KEY_ENV_VAR,
    timeoutMs: options.timeoutMs,
    exampleModelId: 'meta-llama/Llama-3.1-8B-Instruct',
    endpoint: (modelId, settings, apiKey) => {
      if (settings.baseUrl === undefined) return withoutBaseUrl(modelId);
      const baseUrl = normalizeBaseUrl(settings.baseUrl);
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
          connectionRefused: 'Is the server running, and is its base URL right (it usually ends in /v1)?',
        },
      };
    },
  });
}

// Where a base URL comes from: the candidates' flag, or a models file (judges too).
const MISSING_BASE_URL_HINT =
  "Name the server: --base-url http://127.0.0.1:8000/v1 for the --models candidates, or baseUrl: in the deployment's entry of a models file (--models-file; the only way for judges). For OpenAI's own API, use the openai provider (e.g. openai:gpt-4o-2024-05-13 or the built-in gpt-4o).";

// A model that can make no call: the engine refuses the run before any request, naming it.
function withoutBaseUrl(modelId: string): ChatCompletionsEndpoint {
  return {
    wireModel: modelId,
    url: 'openai-compatible:no-base-url',
    headers: {},
    cacheIdentity: { baseUrl: '' },
    unavailable: {
      message: 'no base URL is set, and openai-compatible has no default server',
      hint: MISSING_BASE_URL_HINT,
    },
  };
}
