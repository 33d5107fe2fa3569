import { pythonStrip } from '@medhelm/python-text';
import { normalizeText } from './normalize-text.ts';

/** A HELM per-pair score: HELM stores these as Python ints 0/1. */
export type MatchScore = 0 | 1;

// Every function below takes the prediction HELM compares: the stripped completion, or the option
// text the output mapping gave, or `null` where the mapping had no such key (Python's None). An
// empty or missing prediction scores 0 before anything else (`if not pred: return 0`), even
// against an empty gold.

/** HELM's `exact_match`: equal after stripping both sides. */
export function exactMatch(gold: string, prediction: string | null): MatchScore {
  if (!prediction) return 0;
  return pythonStrip(gold) === pythonStrip(prediction) ? 1 : 0;
}

/** HELM's `quasi_exact_match`: equal after `normalize_text` on both sides. */
export function quasiExactMatch(gold: string, prediction: string | null): MatchScore {
  if (!prediction) return 0;
  return normalizeText(gold) === normalizeText(prediction) ? 1 : 0;
}

/** HELM's `quasi_leave_articles_exact_match`: `quasi_exact_match` that keeps the articles. */
export function quasiLeaveArticlesExactMatch(gold: string, prediction: string | null): MatchScore {
  if (!prediction) return 0;
  return normalizeText(gold, false) === normalizeText(prediction, false) ? 1 : 0;
}

/** HELM's `prefix_exact_match`: the stripped prediction starts with the stripped gold. */
export function prefixExactMatch(gold: string, prediction: string | null): MatchScore {
  if (!prediction) return 0;
  return pythonStrip(prediction).startsWith(pythonStrip(gold)) ? 1 : 0;
}

/** HELM's `quasi_prefix_exact_match`: the normalized prediction starts with the normalized gold. */
export function quasiPrefixExactMatch(gold: string, prediction: string | null): MatchScore {
  if (!prediction) return 0;
  return normalizeText(prediction).startsWith(normalizeText(gold)) ? 1 : 0;
}
