import { ConfigError, defineProvider, type ModelProviderV1, type ProviderSettingsV1 } from '@medhelm/core';
import { checkTimeout, DEFAULT_MODEL_TIMEOUT_MS, normalizeBaseUrl, readApiKey } from '@medhelm/http';
import { type AnthropicLanguageModel, createAnthropicMessagesModel } from './anthropic-messages-model.ts';

/** The provider id users write in `--models anthropic:<model>`. */
export const ANTHROPIC_PROVIDER_ID = 'anthropic';

/** Where requests go when no `--base-url` is given (the API root; `/v1/messages` is appended). */
export const DEFAULT_ANTHROPIC_BASE_URL = 'https://api.anthropic.com';

/** The environment variable read for the key when no `--api-key-env` is given. */
export const DEFAULT_ANTHROPIC_API_KEY_ENV_VAR = 'ANTHROPIC_API_KEY';

/** Ten minutes: a long generation from a large model can take minutes before the response ends. */
export const DEFAULT_ANTHROPIC_TIMEOUT_MS = DEFAULT_MODEL_TIMEOUT_MS;

/** Options of {@link createAnthropicProvider}. */
export interface AnthropicProviderOptions {
  /** Longest wait for one complete response, headers and body (default 10 minutes). */
  timeoutMs?: number;
}

/** A ModelProviderV1 whose models are {@link AnthropicLanguageModel}s (with `close`). */
export type AnthropicProvider = ModelProviderV1<AnthropicLanguageModel>;

/**
 * The provider for Anthropic's Messages API (`POST <base-url>/v1/messages`), spoken over plain
 * HTTP. The key is read from `settings.env[settings.apiKeyEnvVar ?? 'ANTHROPIC_API_KEY']` when the
 * model is created and sent as `x-api-key`; a call without one fails with a non-retryable
 * ModelCallError naming the variable (a run answered from the request cache needs no key).
 */
export function createAnthropicProvider(options: AnthropicProviderOptions = {}): AnthropicProvider {
  const timeoutMs = checkTimeout(options.timeoutMs, DEFAULT_ANTHROPIC_TIMEOUT_MS);
  return defineProvider({
    id: ANTHROPIC_PROVIDER_ID,
    displayName: 'Anthropic Messages API (Claude)',
    languageModel: (modelId: string, settings: ProviderSettingsV1) => {
      const model = modelId.trim();
      if (model === '') {
        throw new ConfigError(
          'anthropic needs a model id, e.g. --models anthropic:claude-3-7-sonnet-20250219',
        );
      }
      const apiKeyEnvVar = settings.apiKeyEnvVar?.trim() || DEFAULT_ANTHROPIC_API_KEY_ENV_VAR;
      return createAnthropicMessagesModel({
        providerId: ANTHROPIC_PROVIDER_ID,
        modelId: model,
        // The provider appends `/v1/messages`; the key comes from a variable, never the URL.
        baseUrl: normalizeBaseUrl(settings.baseUrl ?? DEFAULT_ANTHROPIC_BASE_URL, {
          versionPath: '/v1',
          keyFrom: apiKeyEnvVar,
          example: DEFAULT_ANTHROPIC_BASE_URL,
        }),
        apiKey: readApiKey(settings.env, apiKeyEnvVar),
        apiKeyEnvVar,
        timeoutMs: settings.timeoutMs ?? timeoutMs,
        connections: settings.connections,
      });
    },
  });
}
