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
import { ConfigError, type ProviderSettingsV1 } from '@medhelm/core';
import { normalizeBaseUrl, readApiKey, withoutCredentials } from '@medhelm/http';

/** The provider id users write in `--models azure-openai:<deployment>`. */
export const AZURE_OPENAI_PROVIDER_ID = 'azure-openai';

/** Read for the resource endpoint (`https://<resource>.openai.azure.com`) when no `--base-url` is given. */
export const AZURE_OPENAI_ENDPOINT_ENV_VAR = 'AZURE_OPENAI_ENDPOINT';

/** The environment variable read for the key when no `--api-key-env` is given. */
export const AZURE_OPENAI_API_KEY_ENV_VAR = 'AZURE_OPENAI_API_KEY';

/** Read for the `api-version` when the provider options give none. */
export const AZURE_OPENAI_API_VERSION_ENV_VAR = 'AZURE_OPENAI_API_VERSION';

/**
 * The latest generally available (GA) data-plane inference `api-version` of the deployments API.
 * Reasoning deployments that should get `reasoning_effort` need a preview version from
 * `2024-12-01-preview` on (set AZURE_OPENAI_API_VERSION).
 */
export const DEFAULT_AZURE_OPENAI_API_VERSION = '2024-10-21';

/**
 * The limits of one Azure OpenAI global batch: 100,000 requests and an input file of at most
 * 200 MB (https://learn.microsoft.com/en-us/azure/ai-foundry/openai/how-to/batch, "Global batch
 * limits"; checked 2026-12-07), counted in decimal megabytes to stay on the safe side.
 */
export const AZURE_OPENAI_BATCH_LIMITS = { maxRequests: 100_000, maxBytes: 200_000_000 } as const;

/** Options of {@link createAzureOpenAiProvider}: the timeout, reasoning, and the `api-version`. */
export interface AzureOpenAiProviderOptions extends ChatCompletionsProviderOptions, ReasoningModelOptions {
  /** The `api-version` query parameter; default AZURE_OPENAI_API_VERSION, then {@link DEFAULT_AZURE_OPENAI_API_VERSION}. */
  apiVersion?: string;
}
export type AzureOpenAiLanguageModel = ChatCompletionsLanguageModel;
export type AzureOpenAiProvider = ChatCompletionsProvider;

// Azure deployment names: letters, digits, '-', '_' and '.'.
const deploymentPattern = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
const apiVersionPattern = /^\d{4}-\d{2}-\d{2}(?:-preview)?$/;

/**
 * Azure OpenAI chat completions. The model id is the deployment name; requests go to
 * `{endpoint}/openai/deployments/{deployment}/chat/completions?api-version={version}`, the endpoint
 * from `settings.baseUrl` or AZURE_OPENAI_ENDPOINT, the key in the `api-key` header from
 * `settings.env[settings.apiKeyEnvVar ?? 'AZURE_OPENAI_API_KEY']` (a missing key fails each call
 * with a non-retryable ModelCallError naming the variable). Deployments of reasoning models are
 * recognised by name (o1, o3, o4-mini, gpt-5 prefixes), by HELM's `-<effort>-reasoning-effort`
 * suffix, or by `options.reasoning`. Every model has a `batch` (Azure OpenAI global batch, for
 * deployments of the Global-Batch type; see the README).
 */
export function createAzureOpenAiProvider(options: AzureOpenAiProviderOptions = {}): AzureOpenAiProvider {
  checkReasoningModelOptions(options);
  if (options.apiVersion !== undefined) checkApiVersion(options.apiVersion, 'apiVersion');
  return defineChatCompletionsProvider({
    id: AZURE_OPENAI_PROVIDER_ID,
    displayName: 'Azure OpenAI (chat completions of a deployment)',
    packageName: '@medhelm/provider-azure-openai',
    apiKeyEnvVar: AZURE_OPENAI_API_KEY_ENV_VAR,
    timeoutMs: options.timeoutMs,
    endpoint: (modelId, settings, apiKey) => {
      const resolved = resolveReasoningModel(modelId, options);
      const deployment = resolved.wireModelId;
      if (!deploymentPattern.test(deployment)) {
        throw new ConfigError(
          `azure-openai needs a deployment name (letters, digits, '-', '_', '.'), got ${JSON.stringify(modelId)}`,
          { hint: 'Write --models azure-openai:<deployment name>, as shown in the Azure AI Foundry portal.' },
        );
      }
      const endpoint = azureEndpoint(settings);
      const apiVersion =
        options.apiVersion ??
        checkApiVersion(
          readApiKey(settings.env, AZURE_OPENAI_API_VERSION_ENV_VAR) ?? DEFAULT_AZURE_OPENAI_API_VERSION,
          AZURE_OPENAI_API_VERSION_ENV_VAR,
        );
      const displayEndpoint = withoutCredentials(endpoint);
      const keyHint = `Set the environment variable ${apiKey.envVar} to a key of the Azure OpenAI resource (or name another variable with --api-key-env).`;
      const headers: Record<string, string> = apiKey.value === undefined ? {} : { 'api-key': apiKey.value };
      return {
        // The URL names the deployment; the body carries no model.
        wireModel: undefined,
        url: `${endpoint}/openai/deployments/${encodeURIComponent(deployment)}/chat/completions?api-version=${encodeURIComponent(apiVersion)}`,
        headers,
        body: openAiApiBodyOptions(resolved),
        cacheIdentity: { endpoint: displayEndpoint, apiVersion, ...reasoningCacheIdentity(resolved) },
        // Global batch: the same protocol as OpenAI's under `/openai/files` and `/openai/batches`;
        // the lines name the deployment in their body, as the synchronous path does in its URL.
        batch: {
          root: `${endpoint}/openai`,
          query: `?api-version=${encodeURIComponent(apiVersion)}`,
          endpoint: '/chat/completions',
          model: deployment,
          limits: AZURE_OPENAI_BATCH_LIMITS,
        },
        unavailable:
          apiKey.value === undefined
            ? { message: `Azure OpenAI needs a key and ${apiKey.envVar} is not set`, hint: keyHint }
            : undefined,
        hints: {
          unauthorized: `Check the key in ${apiKey.envVar}: it must be a key of the resource at ${displayEndpoint}.`,
          notFound: `Check that the resource at ${displayEndpoint} has a deployment named "${deployment}", and that api-version ${apiVersion} exists.`,
          connectionRefused: `Check the endpoint ${displayEndpoint} (--base-url or ${AZURE_OPENAI_ENDPOINT_ENV_VAR}).`,
        },
      };
    },
  });
}

/**
 * The resource endpoint from `--base-url` or AZURE_OPENAI_ENDPOINT, normalised: no trailing slash,
 * and no trailing `/openai` (a common paste from the portal's sample URLs).
 */
function azureEndpoint(settings: ProviderSettingsV1): string {
  const raw = settings.baseUrl ?? readApiKey(settings.env, AZURE_OPENAI_ENDPOINT_ENV_VAR);
  if (raw === undefined) {
    throw new ConfigError('azure-openai needs the endpoint of your Azure OpenAI resource', {
      hint: `Pass --base-url https://<resource>.openai.azure.com or set ${AZURE_OPENAI_ENDPOINT_ENV_VAR}.`,
    });
  }
  return normalizeBaseUrl(raw).replace(/\/openai$/, '');
}

function checkApiVersion(apiVersion: string, source: string): string {
  if (!apiVersionPattern.test(apiVersion)) {
    throw new ConfigError(
      `${source} must be an Azure OpenAI api-version such as ${DEFAULT_AZURE_OPENAI_API_VERSION} or 2025-04-01-preview, got ${JSON.stringify(apiVersion)}`,
    );
  }
  return apiVersion;
}
