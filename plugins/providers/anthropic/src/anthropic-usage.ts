import type { Completion, Usage } from '@medhelm/core';
import { anthropicUsageSchema } from './anthropic-message-schema.ts';
import type { AnthropicMessagesRequestBody } from './to-anthropic-messages-body.ts';

/**
 * The usage a message reports, or an estimate of one token per four characters (of the body's
 * system prompt and messages, and of the answer) marked `estimated` when it reports none. Shared
 * by the synchronous path and the batch results, so both count alike.
 */
export function toAnthropicUsage(
  usage: unknown,
  body: AnthropicMessagesRequestBody | undefined,
  completion: Completion,
): Usage {
  const reported = anthropicUsageSchema.safeParse(usage);
  if (reported.success) {
    return { promptTokens: reported.data.input_tokens, completionTokens: reported.data.output_tokens };
  }
  const promptCharacters =
    (body?.system?.length ?? 0) +
    (body?.messages ?? []).reduce((total, message) => total + message.content.length, 0);
  return {
    promptTokens: Math.ceil(promptCharacters / 4),
    completionTokens: Math.ceil(completion.text.length / 4),
    estimated: true,
  };
}

/** The usage of n calls for one request: their token counts summed, estimated if any was. */
export function sumAnthropicUsage(usages: readonly Usage[]): Usage {
  const sum: Usage = {
    promptTokens: usages.reduce((total, usage) => total + usage.promptTokens, 0),
    completionTokens: usages.reduce((total, usage) => total + usage.completionTokens, 0),
  };
  if (usages.some((usage) => usage.estimated === true)) sum.estimated = true;
  return sum;
}
