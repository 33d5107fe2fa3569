import { ScoringError } from '@medhelm/core';
import { maxRougeScores, porterStem, summarizationRouge } from '@medhelm/metrics';
import type { RougeScores } from '@medhelm/metrics/internal';
import { pythonStrip } from '@medhelm/python-text';
import { type ConformanceCase, type ConformanceFamily, RAISES_KEY } from '../conformance-family.ts';

const ROUGE_STATS: readonly (keyof RougeScores)[] = ['rouge_1', 'rouge_2', 'rouge_l'];

/**
 * The ROUGE stats a vector expects (all three when it expects none of them, e.g. where HELM
 * raises: then our scores, if we give any, show up as the mismatch).
 */
function expectedStats(vector: ConformanceCase): readonly (keyof RougeScores)[] {
  const wanted = ROUGE_STATS.filter((stat) => stat in vector.expected);
  return wanted.length > 0 ? wanted : ROUGE_STATS;
}

/** Our scores, or our refusal (`{ __raises__: reason }`) where the implementation throws ScoringError. */
function rougeStats(vector: ConformanceCase, score: () => RougeScores): Record<string, unknown> {
  let scores: RougeScores;
  try {
    scores = score();
  } catch (error) {
    if (ScoringError.isInstance(error)) return { [RAISES_KEY]: error.message };
    throw error;
  }
  return Object.fromEntries(expectedStats(vector).map((stat) => [stat, scores[stat]]));
}

function requireText(vector: ConformanceCase): string {
  if (vector.prediction === null) throw new ScoringError('HELM cannot tokenize a None prediction');
  return vector.prediction;
}

/**
 * `rouge.jsonl`: HELM's `rouge_1`/`rouge_2`/`rouge_l` reference metrics (`get_rouge_function`,
 * rouge_score with stemming) via `compute_reference_metrics`: the stripped completion, each stat
 * the max over the correct references.
 */
export const rougeFamily: ConformanceFamily = {
  name: 'rouge',
  floatKeys: ROUGE_STATS,
  evaluate: (vector) =>
    rougeStats(vector, () => maxRougeScores(vector.references, pythonStrip(requireText(vector)))),
};

/**
 * `summarization_rouge.jsonl`: `SummarizationMetric`'s ROUGE (`_remove_braces` + `_compute_rouge`):
 * the raw completion (stripped and unbraced by `summarizationRouge`), the max over all references.
 */
export const summarizationRougeFamily: ConformanceFamily = {
  name: 'summarization_rouge',
  floatKeys: ROUGE_STATS,
  evaluate: (vector) => rougeStats(vector, () => summarizationRouge(requireText(vector), vector.references)),
};

/** `porter_stemmer.jsonl`: nltk 3.8 `PorterStemmer()` (NLTK_EXTENSIONS) of the word in `prediction`. */
export const porterStemmerFamily: ConformanceFamily = {
  name: 'porter_stemmer',
  evaluate: (vector) => ({ stem: porterStem(vector.prediction ?? '') }),
};

/** The three ROUGE-related families, for the registry of every family. */
export const rougeFamilies: readonly ConformanceFamily[] = [
  rougeFamily,
  summarizationRougeFamily,
  porterStemmerFamily,
];
