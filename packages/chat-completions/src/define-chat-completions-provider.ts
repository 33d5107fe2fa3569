import { ConfigError, defineProvider, type ModelProviderV1, type ProviderSettingsV1 } from '@medhelm/core';
import { checkTimeout, readApiKey } from '@medhelm/http';
import {
  type ChatCompletionsLanguageModel,
  type ChatCompletionsModelConfig,
  createChatCompletionsModel,
} from './create-chat-completions-model.ts';

/** The key a model of the provider uses: the variable it was read from, and its value when set. */
export interface ChatCompletionsApiKey {
  /** `settings.apiKeyEnvVar`, else the provider's default variable. */
  readonly envVar: string;
  /** The variable's value; undefined when it is not set or blank. */
  readonly value: string | undefined;
}

/** What differs between chat-completions providers: where a model's requests go and how they authenticate. */
export type ChatCompletionsEndpoint = Omit<
  ChatCompletionsModelConfig,
  'providerId' | 'modelId' | 'timeoutMs' | 'connections'
>;

/** The options every chat-completions provider takes. */
export interface ChatCompletionsProviderOptions {
  /** How long a call may wait for the whole response, headers and body (default 10 minutes). */
  timeoutMs?: number;
}

/** A ModelProviderV1 whose models are ChatCompletionsLanguageModels (with `close`). */
export type ChatCompletionsProvider = ModelProviderV1<ChatCompletionsLanguageModel>;

/** A chat-completions provider: its identity and how one model's endpoint is made from the user's settings. */
export interface ChatCompletionsProviderDefinition {
  /** The provider id users write in `--models <id>:<model>`. */
  readonly id: string;
  readonly displayName: string;
  /** The npm package, named in the `user-agent` header. */
  readonly packageName: string;
  /**
   * A model id for messages (`gpt-4o-mini`): an empty model id is refused, naming the provider and
   * this example. Absent: the provider checks the id itself (e.g. Azure's deployment names).
   */
  readonly exampleModelId?: string;
  /** The environment variable read for the key when no `--api-key-env` is given. */
  readonly apiKeyEnvVar: string;
  /** The provider option `timeoutMs` (default 10 minutes); `settings.timeoutMs` overrides it per deployment. */
  readonly timeoutMs?: number | undefined;
  /**
   * The endpoint of one model: URL, wire model, credential headers, cache identity, error hints.
   * Throws a ConfigError for a model id or setting the provider cannot use.
   */
  endpoint(
    modelId: string,
    settings: ProviderSettingsV1,
    apiKey: ChatCompletionsApiKey,
  ): ChatCompletionsEndpoint;
}

/**
 * The one shape of the openai, azure-openai and openai-compatible providers: the timeout checked
 * when the provider is made, the key read per model from `settings.env`, the `user-agent` header,
 * and each deployment's timeout and connection limit passed to {@link createChatCompletionsModel}.
 */
export function defineChatCompletionsProvider(
  definition: ChatCompletionsProviderDefinition,
): ChatCompletionsProvider {
  const timeoutMs = checkTimeout(definition.timeoutMs);
  return defineProvider({
    id: definition.id,
    displayName: definition.displayName,
    languageModel: (modelId: string, settings: ProviderSettingsV1) => {
      if (definition.exampleModelId !== undefined && modelId.trim() === '') {
        throw new ConfigError(
          `${definition.id} needs a model id, e.g. --models ${definition.id}:${definition.exampleModelId}`,
        );
      }
      const envVar = settings.apiKeyEnvVar ?? definition.apiKeyEnvVar;
      const endpoint = definition.endpoint(modelId, settings, {
        envVar,
        value: readApiKey(settings.env, envVar),
      });
      return createChatCompletionsModel({
        ...endpoint,
        providerId: definition.id,
        modelId,
        headers: { 'user-agent': `medhelm-ts (${definition.packageName})`, ...endpoint.headers },
        timeoutMs: settings.timeoutMs ?? timeoutMs,
        connections: settings.connections,
      });
    },
  });
}
