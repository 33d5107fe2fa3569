import { defineScorer, type ScorerV1 } from '@medhelm/core';

/** The id runs refer to it by, e.g. `scorers: { pubmed_qa: [hedging] }` in a run config. */
export const HEDGING_SCORER_ID = 'hedging';

/** Phrases that mark an answer as hedged rather than committed. Matched case-insensitively, as whole words. */
export const DEFAULT_HEDGING_PHRASES: readonly string[] = [
  'may',
  'might',
  'possibly',
  'perhaps',
  'uncertain',
  'unclear',
  'not sure',
  'cannot be determined',
  'insufficient information',
  'it depends',
  'consult a physician',
  'consult your doctor',
  'seek medical advice',
];

/** Options of {@link createHedgingScorer} (and of the plugin, as `[medhelm-scorer-hedging, options]`). */
export interface HedgingScorerOptions {
  /** Replaces the default phrases. */
  phrases?: readonly string[];
  /** Added to the phrases. */
  extraPhrases?: readonly string[];
}

/**
 * A scorer that flags completions hedging instead of answering. Per instance it reports `hedged`
 * (1 when the raw completion contains any hedging phrase) and `hedge_phrases` (how many matches).
 * It reads the raw completion, not the normalized prediction: a benchmark's normalizer keeps only
 * the answer, and the hedge is in the words around it.
 *
 * It has no `helmMetricSpecs`: it is not a HELM metric, so runs keep HELM's `metric_specs` and
 * write its stats after HELM's.
 */
export function createHedgingScorer(options: HedgingScorerOptions = {}): ScorerV1 {
  const phrases = [...(options.phrases ?? DEFAULT_HEDGING_PHRASES), ...(options.extraPhrases ?? [])];
  for (const phrase of phrases) {
    if (typeof phrase !== 'string' || phrase.trim() === '') {
      throw new TypeError(
        `hedging scorer: every phrase must be a non-empty string, got ${JSON.stringify(phrase)}`,
      );
    }
  }
  const pattern =
    phrases.length === 0
      ? undefined
      : new RegExp(`\\b(?:${phrases.map((phrase) => escapeRegExp(phrase.trim())).join('|')})\\b`, 'giu');
  return defineScorer({
    id: HEDGING_SCORER_ID,
    statNames: ['hedged', 'hedge_phrases'],
    score: ({ completion }) => {
      const matches = pattern === undefined ? 0 : (completion.match(pattern) ?? []).length;
      return { hedged: matches > 0, hedge_phrases: matches };
    },
  });
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '\\s+');
}
