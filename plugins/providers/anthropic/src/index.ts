import { defineProviderPlugin } from '@medhelm/core';
import { createAnthropicProvider } from './create-anthropic-provider.ts';

export { toCompletion, toFinishReason } from './anthropic-completion.ts';
export {
  type AnthropicErrorBody,
  type AnthropicMessage,
  anthropicErrorBodySchema,
  anthropicMessageSchema,
  anthropicUsageSchema,
} from './anthropic-message-schema.ts';
export {
  ANTHROPIC_VERSION,
  type AnthropicLanguageModel,
  type AnthropicMessagesModelConfig,
  createAnthropicMessagesModel,
} from './anthropic-messages-model.ts';
export {
  /** @public */ ANTHROPIC_BATCH_LIMITS,
} from './create-anthropic-batch.ts';
export {
  ANTHROPIC_PROVIDER_ID,
  type AnthropicProvider,
  type AnthropicProviderOptions,
  createAnthropicProvider,
  DEFAULT_ANTHROPIC_API_KEY_ENV_VAR,
  DEFAULT_ANTHROPIC_BASE_URL,
  DEFAULT_ANTHROPIC_TIMEOUT_MS,
} from './create-anthropic-provider.ts';
export {
  type AnthropicMessageParam,
  type AnthropicMessagesRequestBody,
  anthropicStopSequences,
  toAnthropicMessagesBody,
} from './to-anthropic-messages-body.ts';
export { toAnthropicModelCallError } from './to-anthropic-model-call-error.ts';

/** The provider with default options, as the runner registers it. */
export const anthropicProvider = createAnthropicProvider();

/** The plugin the runner loads: registers {@link anthropicProvider}. */
export const plugin = defineProviderPlugin('@medhelm/provider-anthropic', anthropicProvider);
