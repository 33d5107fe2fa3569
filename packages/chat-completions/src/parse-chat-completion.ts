import type { Completion, Usage } from '@medhelm/core';
import {
  type ChatCompletionResponse,
  chatCompletionResponseSchema,
  chatCompletionUsageSchema,
} from './chat-completion-response-schema.ts';
import type { ChatCompletionRequestBody } from './to-chat-completion-body.ts';

/** The answer read from a chat-completions response, or why the response is not one. */
export type ParsedChatCompletion =
  | { success: true; completions: Completion[]; usage: Usage }
  | { success: false; problems: string[] };

/** What {@link parseChatCompletion} needs besides the response. */
export interface ParseChatCompletionContext {
  /** The body that was sent: its messages are the basis of the usage estimate. */
  requestBody: ChatCompletionRequestBody;
  /**
   * Stop sequences the server was not asked to honour (reasoning models reject `stop`): each text
   * is cut before the first occurrence of any of them, as HELM's `truncate_sequence` does.
   */
  truncateAt?: readonly string[];
}

/**
 * Reads an OpenAI chat-completions response: choices in index order, `message.content: null` as
 * `''`, content parts joined, `finish_reason` kept (`stop`, `length` are HELM's words too; a missing
 * one is `unknown`), and the server's usage, or an estimate of one token per four characters marked
 * `estimated: true` when it reports none.
 */
export function parseChatCompletion(
  json: unknown,
  context: ParseChatCompletionContext,
): ParsedChatCompletion {
  const parsed = chatCompletionResponseSchema.safeParse(json);
  if (!parsed.success) {
    return {
      success: false,
      problems: parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`),
    };
  }
  const completions = toCompletions(parsed.data).map((completion) =>
    truncateAtStopSequences(completion, context.truncateAt ?? []),
  );
  return { success: true, completions, usage: toUsage(parsed.data.usage, context.requestBody, completions) };
}

/** Choices in index order, each with its text and finish reason. */
function toCompletions(response: ChatCompletionResponse): Completion[] {
  return response.choices
    .map((choice, position) => ({ choice, index: choice.index ?? position }))
    .sort((a, b) => a.index - b.index)
    .map(({ choice }) => ({
      text: contentText(choice.message.content),
      // 'stop' and 'length' are HELM's words too; anything else (content_filter, tool_calls) is kept.
      finishReason: choice.finish_reason ?? 'unknown',
    }));
}

function contentText(content: ChatCompletionResponse['choices'][number]['message']['content']): string {
  if (content === null || content === undefined) return '';
  if (typeof content === 'string') return content;
  return content.map((part) => part.text ?? '').join('');
}

/** Cuts the text before the earliest stop sequence; a cut answer stopped for that reason. */
function truncateAtStopSequences(completion: Completion, stops: readonly string[]): Completion {
  let end = -1;
  for (const stop of stops) {
    if (stop === '') continue;
    const at = completion.text.indexOf(stop);
    if (at !== -1 && (end === -1 || at < end)) end = at;
  }
  return end === -1
    ? completion
    : { ...completion, text: completion.text.slice(0, end), finishReason: 'stop' };
}

/** The server's usage, or an estimate of about four characters per token when it reports none. */
function toUsage(usage: unknown, body: ChatCompletionRequestBody, completions: readonly Completion[]): Usage {
  const reported = chatCompletionUsageSchema.safeParse(usage);
  if (reported.success) {
    return { promptTokens: reported.data.prompt_tokens, completionTokens: reported.data.completion_tokens };
  }
  const promptCharacters = body.messages.reduce((total, message) => total + message.content.length, 0);
  const completionCharacters = completions.reduce((total, completion) => total + completion.text.length, 0);
  return {
    promptTokens: Math.ceil(promptCharacters / 4),
    completionTokens: Math.ceil(completionCharacters / 4),
    estimated: true,
  };
}
