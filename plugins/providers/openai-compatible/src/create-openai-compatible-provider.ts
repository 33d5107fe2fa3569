import { ConfigError, defineProvider, type ModelProviderV1, type ProviderSettingsV1 } from '@medhelm/core';
import {
  createOpenAiCompatibleChatModel,
  type OpenAiCompatibleLanguageModel,
} from './openai-compatible-chat-model.ts';
import { withoutCredentials } from './redact.ts';

/** The provider id users write in `--models openai-compatible:<model>`. */
export const OPENAI_COMPATIBLE_PROVIDER_ID = 'openai-compatible';

/** Where requests go when no `--base-url` is given. */
export const DEFAULT_OPENAI_BASE_URL = 'https://api.openai.com/v1';

/** The environment variable read for the key when no `--api-key-env` is given. */
export const DEFAULT_API_KEY_ENV_VAR = 'OPENAI_API_KEY';

/** Ten minutes: long generations on a busy local server can take minutes before the first byte. */
export const DEFAULT_TIMEOUT_MS = 600_000;

/** Options of {@link createOpenAiCompatibleProvider}. */
export interface OpenAiCompatibleProviderOptions {
  /** How long a call may wait for response headers, and between body chunks (default 10 minutes). */
  timeoutMs?: number;
}

/** A ModelProviderV1 whose models are {@link OpenAiCompatibleLanguageModel}s (with `close`). */
export interface OpenAiCompatibleProvider extends ModelProviderV1 {
  languageModel(modelId: string, settings: ProviderSettingsV1): OpenAiCompatibleLanguageModel;
}

/**
 * A provider for any server speaking OpenAI's chat-completions protocol: OpenAI itself, vLLM,
 * Ollama, llama.cpp server, LM Studio. The key is read from `settings.env[settings.apiKeyEnvVar ??
 * 'OPENAI_API_KEY']`; without one no Authorization header is sent (local servers need none),
 * except that calls to api.openai.com fail with a ModelCallError naming the variable to set.
 */
export function createOpenAiCompatibleProvider(
  options: OpenAiCompatibleProviderOptions = {},
): OpenAiCompatibleProvider {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) {
    throw new ConfigError(
      `timeoutMs must be a positive number of milliseconds, got ${String(options.timeoutMs)}`,
    );
  }
  const provider = defineProvider({
    id: OPENAI_COMPATIBLE_PROVIDER_ID,
    displayName: 'OpenAI-compatible chat completions (OpenAI, vLLM, Ollama, llama.cpp, LM Studio)',
    languageModel: (modelId: string, settings: ProviderSettingsV1) => {
      if (modelId.trim() === '') {
        throw new ConfigError(
          'openai-compatible needs a model id, e.g. --models openai-compatible:gpt-4o-mini',
        );
      }
      const baseUrl = normalizeBaseUrl(settings.baseUrl ?? DEFAULT_OPENAI_BASE_URL);
      const apiKeyEnvVar = settings.apiKeyEnvVar ?? DEFAULT_API_KEY_ENV_VAR;
      const apiKey = settings.env[apiKeyEnvVar]?.trim() || undefined;
      return createOpenAiCompatibleChatModel({
        providerId: OPENAI_COMPATIBLE_PROVIDER_ID,
        modelId,
        baseUrl,
        displayBaseUrl: withoutCredentials(baseUrl),
        apiKey,
        apiKeyEnvVar,
        requiresApiKey: new URL(baseUrl).hostname === 'api.openai.com',
        timeoutMs,
      });
    },
  });
  return provider as OpenAiCompatibleProvider;
}

/** Trims the base URL and drops trailing slashes; anything but an http(s) URL is a ConfigError. */
export function normalizeBaseUrl(raw: string): string {
  const trimmed = raw.trim().replace(/\/+$/, '');
  let parsed: URL;
  try {
    parsed = new URL(trimmed);
  } catch {
    throw new ConfigError(`base URL ${JSON.stringify(raw)} is not a URL`, {
      hint: 'Pass e.g. --base-url http://127.0.0.1:8000/v1',
    });
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new ConfigError(
      `base URL ${JSON.stringify(withoutCredentials(trimmed))} must start with http:// or https://`,
    );
  }
  return trimmed;
}
