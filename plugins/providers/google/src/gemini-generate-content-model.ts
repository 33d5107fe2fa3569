import {
  type GenerateOptionsV1,
  type GenerationRequest,
  type GenerationResult,
  type LanguageModelV1,
  ModelCallError,
} from '@medhelm/core';
import {
  createHttpAgent,
  describeIssues,
  type JsonResponse,
  missingApiKeyError,
  postJson,
  unexpectedResponseError,
} from '@medhelm/http';
import { geminiGenerateContentResponseSchema } from './gemini-response-schema.ts';
import { toGeminiCompletions, toGeminiUsage } from './to-gemini-completions.ts';
import {
  type GeminiSafetySetting,
  splitStopSequences,
  toGeminiGenerateContentBody,
} from './to-gemini-generate-content-body.ts';
import { toGeminiModelCallError } from './to-gemini-model-call-error.ts';

/** The Gemini API version this provider speaks. */
export const GEMINI_API_VERSION = 'v1beta';

/** Everything one Gemini model needs; built by the provider from the user's settings. */
export interface GeminiGenerateContentModelConfig {
  providerId: string;
  /** The model id as the user wrote it, e.g. `gemini-2.0-flash` or `models/gemini-2.0-flash`. */
  modelId: string;
  /** The API root without `/v1beta` and without a trailing slash. */
  baseUrl: string;
  /** The key, or undefined when no variable holds one (then every call fails, naming them). */
  apiKey: string | undefined;
  /** The variable the key came from (or would come from), named in errors; never its value. */
  apiKeyEnvVar: string;
  /** How the missing key is described, e.g. `GEMINI_API_KEY (or GOOGLE_API_KEY)`. */
  missingKeyDescription: string;
  /** Sent as `safetySettings`; undefined sends none (Google's defaults apply). */
  safetySettings: readonly GeminiSafetySetting[] | undefined;
  /** Extra cache identity beyond the base URL (the safety preset when it is not HELM's). */
  extraCacheIdentity?: Readonly<Record<string, string>>;
  /** Longest wait for one complete response, milliseconds. */
  timeoutMs: number;
  /** Most sockets to the server (ProviderSettingsV1.connections; default 16). */
  connections?: number;
}

/** A LanguageModelV1 speaking Gemini's generateContent; `close` ends its keep-alive connections. */
export interface GeminiLanguageModel extends LanguageModelV1 {
  close(): Promise<void>;
}

/**
 * The resource path of a model id: `gemini-2.0-flash` and `models/gemini-2.0-flash` are
 * `models/gemini-2.0-flash`, `tunedModels/<id>` stays as it is. Each segment is percent-encoded.
 * Undefined for anything else (another collection, an empty name).
 */
export function geminiModelResource(modelId: string): string | undefined {
  const [collection, name, ...rest] = modelId.includes('/') ? modelId.split('/') : ['models', modelId];
  if (rest.length > 0 || name === undefined || name === '') return undefined;
  if (collection !== 'models' && collection !== 'tunedModels') return undefined;
  return `${collection}/${encodeURIComponent(name)}`;
}

/**
 * Creates a Gemini model with its own undici Agent (keep-alive connections reused across calls).
 * The key lives only in this closure and in the `x-goog-api-key` header of each call, never in
 * the URL or on the returned object. One call returns all `numCompletions` candidates.
 */
export function createGeminiGenerateContentModel(
  config: GeminiGenerateContentModelConfig,
): GeminiLanguageModel {
  const { apiKey, apiKeyEnvVar, modelId, providerId } = config;
  const resource = geminiModelResource(modelId);
  if (resource === undefined) throw new Error(`not a Gemini model id: ${JSON.stringify(modelId)}`);
  const url = `${config.baseUrl}/${GEMINI_API_VERSION}/${resource}:generateContent`;
  const agent = createHttpAgent({ connections: config.connections });
  const secrets = apiKey === undefined ? [] : [apiKey];

  // Reported before the run starts (LanguageModelV1.unavailable), and by every call.
  const missingKey = {
    message: `${config.missingKeyDescription} is not set, so model ${JSON.stringify(modelId)} cannot be called`,
    hint: `Set ${config.missingKeyDescription} to your Gemini API key from Google AI Studio (or name another variable with --api-key-env).`,
  };
  const unavailable = apiKey === undefined ? missingKey : undefined;

  async function doGenerate(
    generation: GenerationRequest,
    options: GenerateOptionsV1 = {},
  ): Promise<GenerationResult> {
    if (apiKey === undefined) {
      throw missingApiKeyError(`${providerId}: ${missingKey.message}`, { url, hint: missingKey.hint });
    }
    const body = toGeminiGenerateContentBody(generation, config.safetySettings);
    const requestDatetime = Math.floor(Date.now() / 1000);
    let response: JsonResponse;
    try {
      response = await postJson({
        providerId,
        url,
        headers: { 'x-goog-api-key': apiKey, 'content-type': 'application/json' },
        body,
        timeoutMs: config.timeoutMs,
        signal: options.signal,
        dispatcher: agent,
        secrets,
      });
    } catch (error) {
      throw ModelCallError.isInstance(error) ? toGeminiModelCallError(error, apiKeyEnvVar) : error;
    }

    const parsed = geminiGenerateContentResponseSchema.safeParse(response.body);
    const completions = parsed.success
      ? toGeminiCompletions(parsed.data, splitStopSequences(generation.stopSequences).applied)
      : undefined;
    if (!parsed.success || completions === undefined) {
      const problems = parsed.success
        ? 'no candidates and no promptFeedback.blockReason'
        : describeIssues(parsed.error.issues);
      throw unexpectedResponseError(
        `${providerId}: the response from ${url} is not a generateContent response (${problems})`,
        response,
        { url, secrets },
      );
    }
    return {
      completions,
      usage: toGeminiUsage(parsed.data),
      requestTimeSeconds: response.elapsedSeconds,
      requestDatetime,
    };
  }

  return {
    specificationVersion: 'v1',
    providerId,
    modelId,
    cacheIdentity: { baseUrl: config.baseUrl, ...config.extraCacheIdentity },
    ...(unavailable === undefined ? {} : { unavailable }),
    doGenerate,
    close: () => agent.close(),
  };
}
