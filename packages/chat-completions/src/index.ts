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
  type ChatCompletionsApiKey,
  type ChatCompletionsEndpoint,
  type ChatCompletionsProvider,
  type ChatCompletionsProviderDefinition,
  type ChatCompletionsProviderOptions,
  defineChatCompletionsProvider,
} from './define-chat-completions-provider.ts';
export { isOpenAiReasoningModel } from './is-openai-reasoning-model.ts';
export {
  type ParseChatCompletionContext,
  type ParsedChatCompletion,
  parseChatCompletion,
} from './parse-chat-completion.ts';
export { parseReasoningEffortSuffix, type ReasoningEffortSuffix } from './parse-reasoning-effort-suffix.ts';
export { isReasoningEffort, REASONING_EFFORTS, type ReasoningEffort } from './reasoning-effort.ts';
export {
  checkReasoningModelOptions,
  openAiApiBodyOptions,
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
