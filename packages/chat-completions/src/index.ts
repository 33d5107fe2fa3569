// The contract of @medhelm/chat-completions: what plugins, apps and users import. A name marked
// @public is documented in the README but imported nowhere in this repository (knip reports any
// other unused export).
export {
  /** @public */ chatCompletionResponseSchema,
} from './chat-completion-response-schema.ts';
export type { /** @public */ ChatCompletionsBatchEndpoint } from './chat-completions-batch-config.ts';
export {
  type ChatCompletionsLanguageModel,
  /** @public */ createChatCompletionsModel,
} from './create-chat-completions-model.ts';
export {
  type ChatCompletionsEndpoint,
  type ChatCompletionsProvider,
  type ChatCompletionsProviderOptions,
  defineChatCompletionsProvider,
} from './define-chat-completions-provider.ts';
export {
  /** @public */ isOpenAiReasoningModel,
} from './is-openai-reasoning-model.ts';
export {
  /** @public */ parseChatCompletion,
} from './parse-chat-completion.ts';
export {
  /** @public */ parseReasoningEffortSuffix,
} from './parse-reasoning-effort-suffix.ts';
export {
  /** @public */ isReasoningEffort,
  /** @public */ REASONING_EFFORTS,
} from './reasoning-effort.ts';
export {
  checkReasoningModelOptions,
  openAiApiBodyOptions,
  type ReasoningModelOptions,
  reasoningCacheIdentity,
  resolveReasoningModel,
} from './resolve-reasoning-model.ts';
export { toChatCompletionBody } from './to-chat-completion-body.ts';
