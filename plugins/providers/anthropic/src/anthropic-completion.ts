import type { Completion } from '@medhelm/core';
import type { AnthropicMessage } from './anthropic-message-schema.ts';

/**
 * The stop reasons of the Messages API in HELM's words: `end_turn` and `stop_sequence` are
 * `stop`, `max_tokens` is `length`; others (`refusal`, `tool_use`, `pause_turn`,
 * `model_context_window_exceeded`) are kept as Anthropic writes them, and a missing one is `unknown`.
 */
export function toFinishReason(stopReason: string | null | undefined): string {
  if (stopReason === 'end_turn' || stopReason === 'stop_sequence') return 'stop';
  if (stopReason === 'max_tokens') return 'length';
  return stopReason ?? 'unknown';
}

/** The text of a message: its `text` blocks joined in order (thinking and tool blocks skipped). */
export function toCompletion(message: AnthropicMessage): Completion {
  const text = message.content
    .filter((block) => block.type === 'text')
    .map((block) => block.text ?? '')
    .join('');
  return { text, finishReason: toFinishReason(message.stop_reason) };
}
