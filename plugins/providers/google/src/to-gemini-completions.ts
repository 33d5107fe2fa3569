import type { Completion, Usage } from '@medhelm/core';
import type { GeminiCandidate, GeminiGenerateContentResponse } from './gemini-response-schema.ts';

/**
 * Finish reasons that mean the safety or recitation filters withheld the text (the set HELM's
 * Gemini clients treat as "content blocked", plus IMAGE_SAFETY).
 */
export const GEMINI_BLOCKED_FINISH_REASONS: ReadonlySet<string> = new Set([
  'SAFETY',
  'RECITATION',
  'BLOCKLIST',
  'PROHIBITED_CONTENT',
  'SPII',
  'IMAGE_SAFETY',
]);

/**
 * A candidate's finish reason in HELM's words: STOP is `stop`, MAX_TOKENS is `length`, a blocking
 * reason on a candidate that has no text is `content_filter`, any other reason is kept in lower
 * case (`safety` after some text, `recitation`, `language`, `other`, ...), and a missing one is
 * `unknown`.
 */
export function toGeminiFinishReason(finishReason: string | undefined, hasText: boolean): string {
  if (finishReason === undefined || finishReason === 'FINISH_REASON_UNSPECIFIED') return 'unknown';
  if (finishReason === 'STOP') return 'stop';
  if (finishReason === 'MAX_TOKENS') return 'length';
  if (!hasText && GEMINI_BLOCKED_FINISH_REASONS.has(finishReason)) return 'content_filter';
  return finishReason.toLowerCase();
}

/**
 * The completions of a response, in candidate index order (a missing index is 0). Text is the candidate's text parts
 * joined (thought summaries of thinking models left out); a candidate without content (blocked)
 * has text ''. A prompt blocked before any candidate (`promptFeedback.blockReason`) gives one
 * empty completion with finish reason `content_filter`: a valid answer that scores as wrong, not
 * a failed call. `appliedStops` are stop sequences beyond the API's five: the text is cut at the
 * first of them, which then counts as a `stop`. Undefined when the response has neither
 * candidates nor a block reason.
 */
export function toGeminiCompletions(
  response: GeminiGenerateContentResponse,
  appliedStops: readonly string[] = [],
): Completion[] | undefined {
  const candidates = response.candidates ?? [];
  if (candidates.length === 0) {
    return response.promptFeedback?.blockReason === undefined
      ? undefined
      : [{ text: '', finishReason: 'content_filter' }];
  }
  // proto3 JSON leaves out `index: 0`, so a missing index is 0; the sort is stable, so candidates
  // that all lack one keep the order they came in.
  return [...candidates]
    .sort((a, b) => (a.index ?? 0) - (b.index ?? 0))
    .map((candidate) => toCompletion(candidate, appliedStops));
}

function toCompletion(candidate: GeminiCandidate, appliedStops: readonly string[]): Completion {
  const textParts = (candidate.content?.parts ?? []).filter(
    (part) => part.thought !== true && part.text !== undefined,
  );
  const text = textParts.map((part) => part.text ?? '').join('');
  const finishReason = toGeminiFinishReason(candidate.finishReason, textParts.length > 0);
  const cut = firstStop(text, appliedStops);
  return cut === undefined ? { text, finishReason } : { text: text.slice(0, cut), finishReason: 'stop' };
}

// Where the earliest of the stop sequences starts in `text`, if any occurs.
function firstStop(text: string, stops: readonly string[]): number | undefined {
  let earliest: number | undefined;
  for (const stop of stops) {
    const at = text.indexOf(stop);
    if (at !== -1 && (earliest === undefined || at < earliest)) earliest = at;
  }
  return earliest;
}

/**
 * Usage as Gemini reports it: `promptTokenCount` and `candidatesTokenCount` (all candidates
 * together). A missing count is 0, since proto3 JSON leaves zeros out (a blocked prompt has no
 * `candidatesTokenCount`); nothing is estimated. Thinking tokens (`thoughtsTokenCount`) are not
 * part of `completionTokens`.
 */
export function toGeminiUsage(response: GeminiGenerateContentResponse): Usage {
  return {
    promptTokens: response.usageMetadata?.promptTokenCount ?? 0,
    completionTokens: response.usageMetadata?.candidatesTokenCount ?? 0,
  };
}
