import {
  type ChatCompletionsLanguageModel,
  type ChatCompletionsProvider,
  type ChatCompletionsProviderOptions,
  checkReasoningModelOptions,
  defineChatCompletionsProvider,
  openAiApiBodyOptions,
  type ReasoningModelOptions,
  reasoningCacheIdentity,
  resolveReasoningModel,
} from '@medhelm/chat-completions';
import { normalizeBaseUrl, readApiKey, withoutCredentials } from '@medhelm/http';

/** The provider id users write in `--models openai:<model>`. */
export const OPENAI_PROVIDER_ID = 'openai';

/** The official API; `--base-url` replaces it (a proxy or gateway in front of OpenAI). */
export const OPENAI_BASE_URL = 'https://api.openai.com/v1';

/** The environment variable read for the key when no `--api-key-env` is given. */
export const OPENAI_API_KEY_ENV_VAR = 'OPENAI_API_KEY';

/** When set, its value is sent as the `OpenAI-Organization` header (the official SDKs read the same variable). */
export const OPENAI_ORGANIZATION_ENV_VAR = 'OPENAI_ORG_ID';

/** When set, its value is sent as the `OpenAI-Project` header (the official SDKs read the same variable). */
export const OPENAI_PROJECT_ENV_VAR = 'OPENAI_PROJECT_ID';

/**
 * The limits of one OpenAI batch: 50,000 requests and an input file of at most 200 MB
 * (https://platform.openai.com/docs/guides/batch, "Rate limits" and the `POST /v1/batches`
 * reference; checked 2026-12-07), counted in decimal megabytes to stay on the safe side.
 */
export const OPENAI_BATCH_LIMITS = { maxRequests: 50_000, maxBytes: 200_000_000 } as const;

/** Options of {@link createOpenAiProvider}: the timeout (reasoning models think for minutes) and reasoning. */
export type OpenAiProviderOptions = ChatCompletionsProviderOptions & ReasoningModelOptions;
export type OpenAiLanguageModel = ChatCompletionsLanguageModel;
export type OpenAiProvider = ChatCompletionsProvider;

/**
 * The official OpenAI API through chat completions. The key comes from `settings.env[settings.apiKeyEnvVar
 * ?? 'OPENAI_API_KEY']` and is required: without it every call fails with a non-retryable
 * ModelCallError naming the variable (checked per call, so a run answered from the request cache
 * needs no key). Reasoning models (o1, o3, o4-mini, GPT-5 families, or as `options.reasoning`
 * says) get `max_completion_tokens` and no sampling parameters; HELM's
 * `-<low|medium|high>-reasoning-effort` model-id suffix, or `options.reasoningEffort`, sets
 * `reasoning_effort`. `n` is sent only when more than one completion is asked for. Every model has
 * a `batch` (OpenAI's Batch API: the same bodies at the batch price, see the README).
 */
export function createOpenAiProvider(options: OpenAiProviderOptions = {}): OpenAiProvider {
  checkReasoningModelOptions(options);
  return defineChatCompletionsProvider({
    id: OPENAI_PROVIDER_ID,
    displayName: 'OpenAI API (chat completions)',
    packageName: '@medhelm/provider-openai',
    apiKeyEnvVar: OPENAI_API_KEY_ENV_VAR,
    timeoutMs: options.timeoutMs,
    exampleModelId: 'gpt-4o-2024-08-06',
    endpoint: (modelId, settings, apiKey) => {
      const resolved = resolveReasoningModel(modelId, options);
      const baseUrl = normalizeBaseUrl(settings.baseUrl ?? OPENAI_BASE_URL);
      const keyHint = `Set the environment variable ${apiKey.envVar} to your OpenAI API key (or name another variable with --api-key-env).`;
      const headers: Record<string, string> = {};
      if (apiKey.value !== undefined) headers.authorization = `Bearer ${apiKey.value}`;
      const organization = readApiKey(settings.env, OPENAI_ORGANIZATION_ENV_VAR);
      if (organization !== undefined) headers['openai-organization'] = organization;
      const project = readApiKey(settings.env, OPENAI_PROJECT_ENV_VAR);
      if (project !== undefined) headers['openai-project'] = project;
      return {
        wireModel: resolved.wireModelId,
        url: `${baseUrl}/chat/completions`,
        headers,
        body: openAiApiBodyOptions(resolved),
        cacheIdentity: { baseUrl: withoutCredentials(baseUrl), ...reasoningCacheIdentity(resolved) },
        batch: {
          root: baseUrl,
          query: '',
          endpoint: '/v1/chat/completions',
          model: resolved.wireModelId,
          limits: OPENAI_BATCH_LIMITS,
        },
        unavailable:
          apiKey.value === undefined
            ? { message: `the OpenAI API needs a key and ${apiKey.envVar} is not set`, hint: keyHint }
            : undefined,
        hints: {
          unauthorized: `Check the key in ${apiKey.envVar}, and that its organization and project (${OPENAI_ORGANIZATION_ENV_VAR}, ${OPENAI_PROJECT_ENV_VAR}) may use this model.`,
          notFound: `Check the model id "${resolved.wireModelId}" (https://platform.openai.com/docs/models) and the base URL.`,
        },
      };
    },
  });
}
