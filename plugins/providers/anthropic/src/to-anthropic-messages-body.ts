import type { GenerationRequest } from '@medhelm/core';

/** One turn of the Messages API; the content is plain text (MedHELM sends no images or tools). */
export interface AnthropicMessageParam {
  role: 'user' | 'assistant';
  content: string;
}

/** The JSON body of `POST /v1/messages`, in the API's field names. */
export interface AnthropicMessagesRequestBody {
  model: string;
  max_tokens: number;
  messages: AnthropicMessageParam[];
  system?: string;
  temperature: number;
  stop_sequences?: string[];
  top_p?: number;
}

/**
 * The stop sequences the Messages API accepts: it rejects any that is empty or only whitespace
 * ("stop_sequences: each stop sequence must contain non-whitespace"), so those are dropped, as
 * HELM's `AnthropicClaude3RunExpander` drops them from every Claude run spec.
 */
export function anthropicStopSequences(stopSequences: readonly string[]): string[] {
  return stopSequences.filter((sequence) => sequence.trim() !== '');
}

/**
 * Builds the Messages API body for a request. A text prompt goes as one user message, as HELM's
 * `AnthropicMessagesClient` sends it; chat messages go as they are, except that system messages
 * move to the top-level `system` field (the API has no system role), joined by a blank line when
 * there are several. `stop_sequences` is sent only when a usable one remains and `top_p` only when
 * it is not 1 (Claude 4.5 and later reject `temperature` and `top_p` together). Presence and
 * frequency penalties and `topKPerToken` have no Messages API counterpart and are not sent.
 */
export function toAnthropicMessagesBody(
  modelId: string,
  generation: GenerationRequest,
): AnthropicMessagesRequestBody {
  const system: string[] = [];
  const messages: AnthropicMessageParam[] = [];
  if (generation.messages === undefined) {
    messages.push({ role: 'user', content: generation.prompt });
  } else {
    for (const { role, content } of generation.messages) {
      if (role === 'system') system.push(content);
      else messages.push({ role, content });
    }
  }
  const body: AnthropicMessagesRequestBody = {
    model: modelId,
    max_tokens: generation.maxTokens,
    messages,
    temperature: generation.temperature,
  };
  if (system.length > 0) body.system = system.join('\n\n');
  const stopSequences = anthropicStopSequences(generation.stopSequences);
  if (stopSequences.length > 0) body.stop_sequences = stopSequences;
  if (generation.topP !== 1) body.top_p = generation.topP;
  return body;
}
