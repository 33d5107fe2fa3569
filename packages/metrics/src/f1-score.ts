import { pythonSplit } from '@medhelm/python-text';
import { normalizeText } from './normalize-text.ts';

/**
 * HELM's `f1_score`: nltk's `f_measure` (alpha 0.5) between the **sets** of normalized tokens of
 * gold and prediction, so repeated words count once and order is ignored. When either side is
 * empty after normalization nltk returns None and HELM scores 0.0.
 */
export function f1Score(gold: string, prediction: string): number {
  const goldTokens = new Set(pythonSplit(normalizeText(gold)));
  const predictedTokens = new Set(pythonSplit(normalizeText(prediction)));
  if (goldTokens.size === 0 || predictedTokens.size === 0) return 0;
  let common = 0;
  for (const token of predictedTokens) if (goldTokens.has(token)) common++;
  const precision = common / predictedTokens.size;
  const recall = common / goldTokens.size;
  if (precision === 0 || recall === 0) return 0;
  // nltk's own expression, kept as is so results match to the last bit.
  return 1 / (0.5 / precision + 0.5 / recall);
}
