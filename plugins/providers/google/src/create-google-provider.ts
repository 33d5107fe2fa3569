import { ConfigError, defineProvider, type ModelProviderV1, type ProviderSettingsV1 } from '@medhelm/core';
import { checkTimeout, DEFAULT_MODEL_TIMEOUT_MS, normalizeBaseUrl, readApiKey } from '@medhelm/http';
import {
  createGeminiGenerateContentModel,
  GEMINI_API_VERSION,
  type GeminiLanguageModel,
  geminiModelResource,
} from './gemini-generate-content-model.ts';
import { BLOCK_NONE_SAFETY_SETTINGS } from './to-gemini-generate-content-body.ts';

/** The provider id users write in `--models google:<model>`. */
export const GOOGLE_PROVIDER_ID = 'google';

/** Where requests go when no `--base-url` is given (the API root; `/v1beta/...` is appended). */
export const DEFAULT_GEMINI_BASE_URL = 'https://generativelanguage.googleapis.com';

/** The environment variables read for the key, in order, when no `--api-key-env` is given. */
export const DEFAULT_GEMINI_API_KEY_ENV_VARS: readonly string[] = Object.freeze([
  'GEMINI_API_KEY',
  'GOOGLE_API_KEY',
]);

/** Ten minutes: a long generation from a large model can take minutes before the response ends. */
export const DEFAULT_GEMINI_TIMEOUT_MS = DEFAULT_MODEL_TIMEOUT_MS;

/**
 * Which safety settings are sent: `block_none` (the default) turns every text filter off, as
 * HELM's Vertex AI client does; `default` sends none, so Google's default thresholds apply.
 */
export type GeminiSafetyPreset = 'block_none' | 'default';

/** Options of {@link createGoogleProvider}. */
export interface GoogleProviderOptions {
  /** Longest wait for one complete response, headers and body (default 10 minutes). */
  timeoutMs?: number;
  /** The safety settings preset (default `block_none`, HELM's). */
  safetySettings?: GeminiSafetyPreset;
}

/** A ModelProviderV1 whose models are {@link GeminiLanguageModel}s (with `close`). */
export type GoogleProvider = ModelProviderV1<GeminiLanguageModel>;

/**
 * The provider for Google's Gemini API (`POST <base-url>/v1beta/models/<model>:generateContent`),
 * spoken over plain HTTP. The key is read when the model is created from the variable named by
 * `settings.apiKeyEnvVar`, else `GEMINI_API_KEY`, else `GOOGLE_API_KEY`, and sent in the
 * `x-goog-api-key` header (never in the URL); a call without one fails with a non-retryable
 * ModelCallError naming the variables (a run answered from the request cache needs no key).
 */
export function createGoogleProvider(options: GoogleProviderOptions = {}): GoogleProvider {
  const timeoutMs = checkTimeout(options.timeoutMs, DEFAULT_GEMINI_TIMEOUT_MS);
  const safetyPreset = options.safetySettings ?? 'block_none';
  if (safetyPreset !== 'block_none' && safetyPreset !== 'default') {
    throw new ConfigError(
      `safetySettings must be 'block_none' or 'default', got ${JSON.stringify(safetyPreset)}`,
    );
  }
  return defineProvider({
    id: GOOGLE_PROVIDER_ID,
    displayName: 'Google Gemini API (generateContent)',
    languageModel: (modelId: string, settings: ProviderSettingsV1) => {
      const model = modelId.trim();
      if (geminiModelResource(model) === undefined) {
        throw new ConfigError(
          `${JSON.stringify(modelId)} is not a Gemini model id; write e.g. --models google:gemini-2.0-flash`,
        );
      }
      const named = settings.apiKeyEnvVar?.trim() || undefined;
      const candidates = named === undefined ? DEFAULT_GEMINI_API_KEY_ENV_VARS : [named];
      const source = candidates.find((name) => readApiKey(settings.env, name) !== undefined);
      const keyDescription =
        candidates.length > 1
          ? `${candidates[0]} (or ${candidates.slice(1).join(', ')})`
          : (candidates[0] ?? '');
      return createGeminiGenerateContentModel({
        providerId: GOOGLE_PROVIDER_ID,
        modelId: model,
        // The provider appends `/v1beta/...`; the key travels in a header, never the URL (`?key=`).
        baseUrl: normalizeBaseUrl(settings.baseUrl ?? DEFAULT_GEMINI_BASE_URL, {
          versionPath: `/${GEMINI_API_VERSION}`,
          keyFrom: keyDescription,
          example: DEFAULT_GEMINI_BASE_URL,
        }),
        apiKey: source === undefined ? undefined : readApiKey(settings.env, source),
        apiKeyEnvVar: source ?? candidates[0] ?? 'GEMINI_API_KEY',
        missingKeyDescription: keyDescription,
        safetySettings: safetyPreset === 'block_none' ? BLOCK_NONE_SAFETY_SETTINGS : undefined,
        extraCacheIdentity: safetyPreset === 'block_none' ? undefined : { safetySettings: safetyPreset },
        timeoutMs: settings.timeoutMs ?? timeoutMs,
        connections: settings.connections,
      });
    },
  });
}
