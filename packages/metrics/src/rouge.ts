import { ScoringError } from '@medhelm/core';
import { pythonLower, pythonStrip } from '@medhelm/python-text';
import { lcsLength } from './lcs-length.ts';
import { porterStem } from './porter-stemmer.ts';

/** The three ROUGE F-measures HELM reports, by HELM stat name. */
export interface RougeScores {
  rouge_1: number;
  rouge_2: number;
  rouge_l: number;
}

/** rouge_score's `Score` tuple. */
export interface RougeScore {
  precision: number;
  recall: number;
  fmeasure: number;
}

/**
 * rouge_score's `DefaultTokenizer(use_stemmer=True)` (`tokenize.tokenize`): Python `str.lower`,
 * every run of characters outside `[a-z0-9]` becomes a separator (so `ö`, `ï`, CJK and the hyphen
 * of `covid-19` split words and vanish), and each token longer than 3 characters goes through
 * nltk's Porter stemmer (`porterStem`). No token is empty.
 */
export function rougeTokenize(text: string): string[] {
  const lowered = pythonLower(text);
  const tokens: string[] = [];
  let start = -1;
  for (let index = 0; index <= lowered.length; index++) {
    const code = index < lowered.length ? lowered.charCodeAt(index) : -1;
    const alphanumeric = (code >= 0x61 && code <= 0x7a) || (code >= 0x30 && code <= 0x39);
    if (alphanumeric) {
      if (start < 0) start = index;
    } else if (start >= 0) {
      const token = lowered.slice(start, index);
      tokens.push(token.length > 3 ? stemCached(token) : token);
      start = -1;
    }
  }
  return tokens;
}

/**
 * HELM's `rouge_1`, `rouge_2` and `rouge_l` of one pair: rouge_score's
 * `RougeScorer([type], use_stemmer=True).score(target, prediction)[type].fmeasure`, each text
 * tokenized once. `target` is the gold reference; the argument order is HELM's
 * (`scorer.score(gold, pred)`). ROUGE-L is the LCS of the whole token sequences (not `rougeLsum`).
 */
export function rougeScores(target: string, prediction: string): RougeScores {
  const vocabulary = new Map<string, number>();
  const targetIds = internTokens(rougeTokenize(target), vocabulary);
  const predictionIds = internTokens(rougeTokenize(prediction), vocabulary);
  return scoreInterned(targetIds, predictionIds, vocabulary.size);
}

// HELM's reference-metric path (`compute_reference_metrics`) calls these with the completion
// stripped (`completion.text.strip()`) and keeps the max over the correct references; stripping
// does not change ROUGE, whose tokenizer treats whitespace as a separator anyway.

/** HELM's `rouge_1` (`get_rouge_function("rouge1")`): unigram F-measure, with stemming. */
export function rouge1(gold: string, prediction: string): number {
  return rougeN(rougeTokenize(gold), rougeTokenize(prediction), 1).fmeasure;
}

/** HELM's `rouge_2` (`get_rouge_function("rouge2")`): bigram F-measure, with stemming. */
export function rouge2(gold: string, prediction: string): number {
  return rougeN(rougeTokenize(gold), rougeTokenize(prediction), 2).fmeasure;
}

/** HELM's `rouge_l` (`get_rouge_function("rougeL")`): LCS F-measure, with stemming. */
export function rougeL(gold: string, prediction: string): number {
  return rougeLcs(rougeTokenize(gold), rougeTokenize(prediction)).fmeasure;
}

/**
 * The best of each ROUGE stat over several targets, each stat maximised on its own (the best
 * `rouge_2` may come from another target than the best `rouge_1`), as both HELM paths do: the
 * reference-metric path's `max(score_func(gold, pred) for gold in golds)` and `SummarizationMetric`'s
 * `np.max([...])`. The prediction is tokenized once. No targets: HELM raises (an assertion on the
 * golds, or `np.max` of nothing), so this throws ScoringError.
 */
export function maxRougeScores(targets: readonly string[], prediction: string): RougeScores {
  if (targets.length === 0) throw new ScoringError('HELM raises on ROUGE with no reference to compare with');
  const vocabulary = new Map<string, number>();
  const predictionIds = internTokens(rougeTokenize(prediction), vocabulary);
  const targetIds = targets.map((target) => internTokens(rougeTokenize(target), vocabulary));
  const best: RougeScores = { rouge_1: -Infinity, rouge_2: -Infinity, rouge_l: -Infinity };
  for (const ids of targetIds) {
    const scores = scoreInterned(ids, predictionIds, vocabulary.size);
    best.rouge_1 = Math.max(best.rouge_1, scores.rouge_1);
    best.rouge_2 = Math.max(best.rouge_2, scores.rouge_2);
    best.rouge_l = Math.max(best.rouge_l, scores.rouge_l);
  }
  return best;
}

/**
 * `SummarizationMetric`'s ROUGE (summarization_metrics.py `_remove_braces` + `_compute_rouge`), the
 * path MedHELM's open-ended benchmarks use. `prediction` is the raw completion: it is stripped and
 * loses one leading `{` and one trailing `}` (`_remove_braces(text.strip())`); every reference
 * loses them too (not stripped); each stat is the max over **all** the instance's references (not
 * only the correct ones). No references: HELM's `np.max` raises ValueError, so this throws
 * ScoringError. (Braces and whitespace are separators to the tokenizer, so neither step changes a
 * score; they are kept to mirror HELM.)
 */
export function summarizationRouge(prediction: string, references: readonly string[]): RougeScores {
  if (references.length === 0) {
    throw new ScoringError(
      "HELM's SummarizationMetric raises ValueError (np.max) on an instance without references",
    );
  }
  return maxRougeScores(references.map(removeBraces), removeBraces(pythonStrip(prediction)));
}

/** `SummarizationMetric._remove_braces`: drops one leading `{` and one trailing `}`. */
export function removeBraces(text: string): string {
  let result = text;
  if (result.startsWith('{')) result = result.slice(1);
  if (result.endsWith('}')) result = result.slice(0, -1);
  return result;
}

/**
 * rouge_score's `_score_ngrams` over `_create_ngrams` of already tokenized texts: the clipped
 * n-gram overlap over the prediction's n-gram count (precision) and the target's (recall), each
 * count at least 1, so an empty side scores 0.
 */
export function rougeN(
  targetTokens: readonly string[],
  predictionTokens: readonly string[],
  n: number,
): RougeScore {
  if (!Number.isInteger(n) || n <= 0) throw new RangeError(`rougeN requires a positive integer n, got ${n}`);
  const vocabulary = new Map<string, number>();
  const targetIds = internTokens(targetTokens, vocabulary);
  const predictionIds = internTokens(predictionTokens, vocabulary);
  if (n <= 2) return ngramScore(targetIds, predictionIds, n, vocabulary.size);
  return scoreCounts(longNgramCounts(targetIds, n), longNgramCounts(predictionIds, n));
}

/**
 * rouge_score's `_score_lcs` of already tokenized texts: the longest common subsequence over the
 * prediction's length (precision) and the target's (recall); 0 when either side is empty.
 */
export function rougeLcs(targetTokens: readonly string[], predictionTokens: readonly string[]): RougeScore {
  const vocabulary = new Map<string, number>();
  return lcsScore(internTokens(targetTokens, vocabulary), internTokens(predictionTokens, vocabulary));
}

function scoreInterned(
  targetIds: Int32Array,
  predictionIds: Int32Array,
  vocabularySize: number,
): RougeScores {
  return {
    rouge_1: ngramScore(targetIds, predictionIds, 1, vocabularySize).fmeasure,
    rouge_2: ngramScore(targetIds, predictionIds, 2, vocabularySize).fmeasure,
    rouge_l: lcsScore(targetIds, predictionIds).fmeasure,
  };
}

/** Maps tokens to small integers shared by the texts of one call, so comparisons are cheap. */
function internTokens(tokens: readonly string[], vocabulary: Map<string, number>): Int32Array {
  const ids = new Int32Array(tokens.length);
  tokens.forEach((token, index) => {
    let id = vocabulary.get(token);
    if (id === undefined) {
      id = vocabulary.size;
      vocabulary.set(token, id);
    }
    ids[index] = id;
  });
  return ids;
}

/** Counts of the unigrams or bigrams of `ids`, keyed by one number (`first * size + second`). */
function ngramCounts(ids: Int32Array, n: 1 | 2, vocabularySize: number): Map<number, number> {
  const counts = new Map<number, number>();
  for (let index = 0; index + n <= ids.length; index++) {
    const key = n === 1 ? ids[index]! : ids[index]! * vocabularySize + ids[index + 1]!;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

function ngramScore(
  targetIds: Int32Array,
  predictionIds: Int32Array,
  n: number,
  vocabularySize: number,
): RougeScore {
  if (n !== 1 && n !== 2) throw new RangeError(`n-grams of interned ids are unigrams or bigrams, got ${n}`);
  return scoreCounts(
    ngramCounts(targetIds, n, vocabularySize),
    ngramCounts(predictionIds, n, vocabularySize),
  );
}

/** Counts of the n-grams of `ids` for any n, keyed by the ids joined with commas. */
function longNgramCounts(ids: Int32Array, n: number): Map<string, number> {
  const counts = new Map<string, number>();
  for (let index = 0; index + n <= ids.length; index++) {
    const key = ids.subarray(index, index + n).join(',');
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

function scoreCounts<K>(target: ReadonlyMap<K, number>, prediction: ReadonlyMap<K, number>): RougeScore {
  let overlap = 0;
  let targetCount = 0;
  let predictionCount = 0;
  for (const [ngram, count] of target) {
    overlap += Math.min(count, prediction.get(ngram) ?? 0);
    targetCount += count;
  }
  for (const count of prediction.values()) predictionCount += count;
  const precision = overlap / Math.max(predictionCount, 1);
  const recall = overlap / Math.max(targetCount, 1);
  return { precision, recall, fmeasure: fmeasure(precision, recall) };
}

function lcsScore(targetIds: Int32Array, predictionIds: Int32Array): RougeScore {
  if (targetIds.length === 0 || predictionIds.length === 0) return { precision: 0, recall: 0, fmeasure: 0 };
  const length = lcsLength(targetIds, predictionIds);
  const precision = length / predictionIds.length;
  const recall = length / targetIds.length;
  return { precision, recall, fmeasure: fmeasure(precision, recall) };
}

/** rouge_score's `scoring.fmeasure`, with its operation order so results match to the bit. */
function fmeasure(precision: number, recall: number): number {
  return precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
}

/**
 * A bounded cache of stems: medical texts repeat their words, and a stem costs far more than a
 * map lookup. Cleared whole when full, so it never holds more than `STEM_CACHE_SIZE` words.
 */
const STEM_CACHE_SIZE = 8192;
const stemCache = new Map<string, string>();

function stemCached(token: string): string {
  let stem = stemCache.get(token);
  if (stem === undefined) {
    stem = porterStem(token);
    if (stemCache.size >= STEM_CACHE_SIZE) stemCache.clear();
    stemCache.set(token, stem);
  }
  return stem;
}
