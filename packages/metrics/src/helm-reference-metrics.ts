import { ScoringError } from '@medhelm/core';
import { bleu1, bleu4 } from './bleu.ts';
import {
  exactMatch,
  prefixExactMatch,
  quasiExactMatch,
  quasiLeaveArticlesExactMatch,
  quasiPrefixExactMatch,
} from './exact-match.ts';
import { f1Score } from './f1-score.ts';
import { rouge1, rouge2, rougeL } from './rouge.ts';

/**
 * One of HELM's reference-metric functions: scores a prediction against one gold reference.
 * `prediction` is `null` where HELM's is None (the output mapping had no such key); functions that
 * HELM would crash on with None throw ScoringError.
 */
export type ReferenceMetricFunction = (gold: string, prediction: string | null) => number;

/**
 * The reference metrics of HELM's `compute_reference_metrics` (evaluate_reference_metrics.py) that
 * this package implements, by HELM name. Others can be passed to
 * `helmBasicGenerationScorer` through its `referenceMetrics` option.
 */
export const HELM_REFERENCE_METRICS: Readonly<Record<string, ReferenceMetricFunction>> = {
  exact_match: exactMatch,
  quasi_exact_match: quasiExactMatch,
  quasi_leave_articles_exact_match: quasiLeaveArticlesExactMatch,
  prefix_exact_match: prefixExactMatch,
  quasi_prefix_exact_match: quasiPrefixExactMatch,
  f1_score: (gold, prediction) => f1Score(gold, requirePrediction('f1_score', prediction)),
  // rouge_score tokenizes with `text.lower()`, which raises AttributeError on None.
  rouge_1: (gold, prediction) => rouge1(gold, requirePrediction('rouge_1', prediction)),
  rouge_2: (gold, prediction) => rouge2(gold, requirePrediction('rouge_2', prediction)),
  rouge_l: (gold, prediction) => rougeL(gold, requirePrediction('rouge_l', prediction)),
  // nltk's word_tokenize raises on None.
  bleu_1: (gold, prediction) => bleu1(gold, requirePrediction('bleu_1', prediction)),
  bleu_4: (gold, prediction) => bleu4(gold, requirePrediction('bleu_4', prediction)),
};

/**
 * For reference metrics that HELM cannot compute on None: HELM's `normalize_text(None)` raises
 * AttributeError, so the instance gets no stats at all.
 */
export function requirePrediction(metricName: string, prediction: string | null): string {
  if (prediction === null) {
    throw new ScoringError(
      `HELM's ${metricName} raises on a prediction the output mapping did not map (None)`,
    );
  }
  return prediction;
}
