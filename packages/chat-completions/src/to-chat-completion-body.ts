import type { GenerationRequest } from '@medhelm/core';
import type { ReasoningEffort } from './reasoning-effort.ts';

/** The JSON body of `POST /chat/completions`, in the API's field names and documented order. */
export interface ChatCompletionRequestBody {
  /** Left out for Azure OpenAI, whose URL names the deployment. */
  model?: string;
  messages: { role: string; content: string }[];
  temperature?: number;
  max_tokens?: number;
  /** Reasoning models: replaces `max_tokens` and counts the hidden reasoning tokens too. */
  max_completion_tokens?: number;
  n?: number;
  top_p?: number;
  presence_penalty?: number;
  frequency_penalty?: number;
  stop?: string[];
  reasoning_effort?: ReasoningEffort;
}

/** How a provider's dialect of the chat-completions wire differs from HELM's plain request. */
export interface ChatCompletionBodyOptions {
  /**
   * OpenAI reasoning model (o1, o3, o4-mini, GPT-5): `max_completion_tokens` instead of `max_tokens`,
   * and no `temperature`, `top_p`, penalties or `stop`, which these models reject. Stop sequences are
   * then applied to the answer instead (see parseChatCompletion).
   */
  reasoning?: boolean;
  /** `reasoning_effort`, sent only for reasoning models. */
  reasoningEffort?: ReasoningEffort;
  /** Send `n` even when one completion is asked for (default true, as HELM does). */
  alwaysSendN?: boolean;
}

/**
 * Builds the chat-completions body for a request. A text prompt goes as one user message, as
 * HELM's chat clients send it; `stop` is left out when empty because some servers reject `[]`.
 * `modelId` undefined leaves `model` out (Azure OpenAI).
 */
export function toChatCompletionBody(
  modelId: string | undefined,
  generation: GenerationRequest,
  options: ChatCompletionBodyOptions = {},
): ChatCompletionRequestBody {
  const body: ChatCompletionRequestBody =
    modelId === undefined ? { messages: [] } : { model: modelId, messages: [] };
  body.messages = generation.messages
    ? generation.messages.map(({ role, content }) => ({ role, content }))
    : [{ role: 'user', content: generation.prompt }];
  const sendN = options.alwaysSendN ?? true;
  if (options.reasoning) {
    body.max_completion_tokens = generation.maxTokens;
    if (sendN || generation.numCompletions > 1) body.n = generation.numCompletions;
    if (options.reasoningEffort !== undefined) body.reasoning_effort = options.reasoningEffort;
    return body;
  }
  body.temperature = generation.temperature;
  body.max_tokens = generation.maxTokens;
  if (sendN || generation.numCompletions > 1) body.n = generation.numCompletions;
  body.top_p = generation.topP;
  body.presence_penalty = generation.presencePenalty;
  body.frequency_penalty = generation.frequencyPenalty;
  if (generation.stopSequences.length > 0) body.stop = [...generation.stopSequences];
  return body;
}
