import { defineProviderPlugin } from '@medhelm/core';
import { createGoogleProvider } from './create-google-provider.ts';

export {
  createGoogleProvider,
  DEFAULT_GEMINI_API_KEY_ENV_VARS,
  DEFAULT_GEMINI_BASE_URL,
  DEFAULT_GEMINI_TIMEOUT_MS,
  type GeminiSafetyPreset,
  GOOGLE_PROVIDER_ID,
  type GoogleProvider,
  type GoogleProviderOptions,
} from './create-google-provider.ts';
export {
  createGeminiGenerateContentModel,
  GEMINI_API_VERSION,
  type GeminiGenerateContentModelConfig,
  type GeminiLanguageModel,
  geminiModelResource,
} from './gemini-generate-content-model.ts';
export {
  type GeminiCandidate,
  type GeminiErrorBody,
  type GeminiGenerateContentResponse,
  geminiErrorBodySchema,
  geminiGenerateContentResponseSchema,
} from './gemini-response-schema.ts';
export {
  GEMINI_BLOCKED_FINISH_REASONS,
  toGeminiCompletions,
  toGeminiFinishReason,
  toGeminiUsage,
} from './to-gemini-completions.ts';
export {
  BLOCK_NONE_SAFETY_SETTINGS,
  GEMINI_MAX_STOP_SEQUENCES,
  type GeminiContent,
  type GeminiGenerateContentBody,
  type GeminiGenerationConfig,
  type GeminiSafetySetting,
  splitStopSequences,
  toGeminiGenerateContentBody,
} from './to-gemini-generate-content-body.ts';
export { toGeminiModelCallError } from './to-gemini-model-call-error.ts';

/** The provider with default options, as the runner registers it. */
export const googleProvider = createGoogleProvider();

/** The plugin the runner loads: registers {@link googleProvider}. */
export const plugin = defineProviderPlugin('@medhelm/provider-google', googleProvider);
