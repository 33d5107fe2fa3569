import type { Completion, GenerationResult } from '@medhelm/core';
import type { MockWire } from './mock-wire.ts';

/** The completions and usage of a wire's success body; undefined when it has no completion. */
export function parseReferenceReply(
  wire: MockWire,
  json: Record<string, unknown>,
): Pick<GenerationResult, 'completions' | 'usage'> | undefined {
  const finish = (reason: unknown): string => {
    const value = String(reason ?? 'unknown');
    if (['stop', 'end_turn', 'stop_sequence', 'STOP'].includes(value)) return 'stop';
    if (['length', 'max_tokens', 'MAX_TOKENS'].includes(value)) return 'length';
    return value;
  };
  const tokens = (value: unknown) => (typeof value === 'number' ? value : 0);
  let completions: Completion[];
  let usage: Record<string, unknown>;
  if (wire === 'openai' || wire === 'azure') {
    const choices = json.choices as
      | { message?: { content?: string | null }; finish_reason?: string }[]
      | undefined;
    if (!Array.isArray(choices) || choices.length === 0) return undefined;
    completions = choices.map((choice) => ({
      text: choice.message?.content ?? '',
      finishReason: finish(choice.finish_reason),
    }));
    usage = (json.usage ?? {}) as Record<string, unknown>;
    return {
      completions,
      usage: {
        promptTokens: tokens(usage.prompt_tokens),
        completionTokens: tokens(usage.completion_tokens),
      },
    };
  }
  if (wire === 'anthropic') {
    const content = json.content as { text?: string }[] | undefined;
    if (!Array.isArray(content)) return undefined;
    completions = [
      {
        text: content.map((block) => block.text ?? '').join(''),
        finishReason: finish(json.stop_reason),
      },
    ];
    usage = (json.usage ?? {}) as Record<string, unknown>;
    return {
      completions,
      usage: {
        promptTokens: tokens(usage.input_tokens),
        completionTokens: tokens(usage.output_tokens),
      },
    };
  }
  const candidates = json.candidates as
    | { content?: { parts?: { text?: string }[] }; finishReason?: string }[]
    | undefined;
  if (!Array.isArray(candidates) || candidates.length === 0) return undefined;
  completions = candidates.map((candidate) => ({
    text: (candidate.content?.parts ?? []).map((part) => part.text ?? '').join(''),
    finishReason: finish(candidate.finishReason),
  }));
  usage = (json.usageMetadata ?? {}) as Record<string, unknown>;
  return {
    completions,
    usage: {
      promptTokens: tokens(usage.promptTokenCount),
      completionTokens: tokens(usage.candidatesTokenCount),
    },
  };
}
