import { definePlugin } from '@medhelm/core';
import { createOpenAiCompatibleProvider } from './create-openai-compatible-provider.ts';

export { BODY_EXCERPT_LIMIT, isRetryableNetworkError, isRetryableStatus } from '@medhelm/http';
export {
  type ChatCompletionResponse,
  chatCompletionResponseSchema,
  chatCompletionUsageSchema,
} from './chat-completion-response-schema.ts';
export {
  type ChatCompletionsErrorHints,
  type ChatCompletionsLanguageModel,
  type ChatCompletionsModelConfig,
  createChatCompletionsModel,
} from './create-chat-completions-model.ts';
export {
  checkTimeout,
  createOpenAiCompatibleProvider,
  DEFAULT_API_KEY_ENV_VAR,
  DEFAULT_OPENAI_BASE_URL,
  DEFAULT_TIMEOUT_MS,
  OPENAI_COMPATIBLE_PROVIDER_ID,
  type OpenAiCompatibleLanguageModel,
  type OpenAiCompatibleProvider,
  type OpenAiCompatibleProviderOptions,
} from './create-openai-compatible-provider.ts';
export { isOpenAiReasoningModel } from './is-openai-reasoning-model.ts';
export { normalizeBaseUrl, withoutCredentials } from './normalize-base-url.ts';
export {
  type ParseChatCompletionContext,
  type ParsedChatCompletion,
  parseChatCompletion,
} from './parse-chat-completion.ts';
export { parseReasoningEffortSuffix, type ReasoningEffortSuffix } from './parse-reasoning-effort-suffix.ts';
export { isReasoningEffort, REASONING_EFFORTS, type ReasoningEffort } from './reasoning-effort.ts';
export {
  type ReasoningModelOptions,
  type ResolvedReasoningModel,
  reasoningCacheIdentity,
  resolveReasoningModel,
} from './resolve-reasoning-model.ts';
export {
  type ChatCompletionBodyOptions,
  type ChatCompletionRequestBody,
  toChatCompletionBody,
} from './to-chat-completion-body.ts';

/** The provider with default options, as the runner registers it. */
export const openAiCompatibleProvider = createOpenAiCompatibleProvider();

/** The plugin the runner loads: registers {@link openAiCompatibleProvider}. */
export const plugin = definePlugin({
  name: '@medhelm/provider-openai-compatible',
  kind: 'provider',
  register: (context) => context.registerProvider(openAiCompatibleProvider),
});
