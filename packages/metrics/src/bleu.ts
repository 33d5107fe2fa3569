import { wordTokenize } from './word-tokenize.ts';

/**
 * `sys.float_info.min`, the smallest normal double: what nltk's unsmoothed BLEU (`method0`) puts in
 * place of a zero n-gram precision, so that `log` stays finite and the score becomes a tiny
 * positive number instead of 0.
 */
export const PYTHON_FLOAT_MIN = 2.2250738585072014e-308;

/** An unreduced fraction, like the `Fraction(numerator, denominator, _normalize=False)` nltk keeps. */
export interface NgramPrecision {
  numerator: number;
  denominator: number;
}

/**
 * The hypothesis and its references as dense n-gram ids: `hypothesis[i]` is the id of the n-gram
 * that starts at token i, shared across all sequences, so two positions have the same id exactly
 * when their n-grams are equal (as Python's tuples compare). Order 1 interns the tokens; order n
 * interns (id of the (n-1)-gram at i, token i+n-1), which keeps the keys small integers.
 */
interface NgramIds {
  order: number;
  hypothesis: Int32Array;
  references: Int32Array[];
  /** How many distinct n-grams there are (ids are 0 .. count-1). */
  count: number;
}

function internTokens(references: readonly (readonly string[])[], hypothesis: readonly string[]): NgramIds {
  const ids = new Map<string, number>();
  const intern = (tokens: readonly string[]): Int32Array => {
    const result = new Int32Array(tokens.length);
    for (let index = 0; index < tokens.length; index++) {
      const token = tokens[index] as string;
      let id = ids.get(token);
      if (id === undefined) {
        id = ids.size;
        ids.set(token, id);
      }
      result[index] = id;
    }
    return result;
  };
  const unigrams = { order: 1, hypothesis: intern(hypothesis), references: references.map(intern), count: 0 };
  unigrams.count = ids.size;
  return unigrams;
}

/**
 * The (n+1)-gram ids from the n-gram ids and the unigram ids: the pairs (n-gram id at i, token at
 * i+n) numbered in order of first appearance, with an open-addressing table (never more than half
 * full) instead of a Map, since this is BLEU's hot loop.
 */
function extendNgrams(previous: NgramIds, unigrams: NgramIds): NgramIds {
  let total = previous.hypothesis.length;
  for (const reference of previous.references) total += reference.length;
  let capacity = 16;
  while (capacity < 2 * total) capacity *= 2;
  const mask = capacity - 1;
  const firstKeys = new Int32Array(capacity).fill(-1);
  const secondKeys = new Int32Array(capacity);
  const slotIds = new Int32Array(capacity);
  let count = 0;
  const extend = (previousIds: Int32Array, tokens: Int32Array): Int32Array => {
    const length = Math.max(0, previousIds.length - 1);
    const result = new Int32Array(length);
    for (let index = 0; index < length; index++) {
      const first = previousIds[index] as number;
      const second = tokens[index + previous.order] as number;
      let hash = Math.imul(first, 0x9e3779b1) ^ Math.imul(second + 0x7f4a7c15, 0x85ebca77);
      hash ^= hash >>> 15;
      let slot = hash & mask;
      for (;;) {
        const key = firstKeys[slot] as number;
        if (key === -1) {
          firstKeys[slot] = first;
          secondKeys[slot] = second;
          slotIds[slot] = count++;
          break;
        }
        if (key === first && secondKeys[slot] === second) break;
        slot = (slot + 1) & mask;
      }
      result[index] = slotIds[slot] as number;
    }
    return result;
  };
  const hypothesis = extend(previous.hypothesis, unigrams.hypothesis);
  const references = previous.references.map((reference, index) =>
    extend(reference, unigrams.references[index] as Int32Array),
  );
  return { order: previous.order + 1, hypothesis, references, count };
}

function ngramPrecision(ngrams: NgramIds): NgramPrecision {
  const counts = new Int32Array(ngrams.count);
  for (const id of ngrams.hypothesis) counts[id] = (counts[id] as number) + 1;
  const maxCounts = new Int32Array(ngrams.count);
  const referenceCounts = new Int32Array(ngrams.count);
  for (const reference of ngrams.references) {
    referenceCounts.fill(0);
    for (const id of reference) referenceCounts[id] = (referenceCounts[id] as number) + 1;
    for (let id = 0; id < ngrams.count; id++) {
      if ((referenceCounts[id] as number) > (maxCounts[id] as number))
        maxCounts[id] = referenceCounts[id] as number;
    }
  }
  let numerator = 0;
  for (let id = 0; id < ngrams.count; id++)
    numerator += Math.min(counts[id] as number, maxCounts[id] as number);
  // At least 1, to avoid a division by zero when the hypothesis is shorter than n (as nltk does).
  return { numerator, denominator: Math.max(1, ngrams.hypothesis.length) };
}

/** Modified precisions of orders 1 .. maxOrder. */
/**
 * A hypothesis and its references as n-gram ids of every order computed so far; higher orders are
 * derived on demand from the one below.
 */
class NgramTable {
  readonly hypothesisLength: number;
  readonly referenceLengths: readonly number[];
  readonly #orders: NgramIds[];
  readonly #precisions: NgramPrecision[] = [];

  constructor(references: readonly (readonly string[])[], hypothesis: readonly string[]) {
    this.hypothesisLength = hypothesis.length;
    this.referenceLengths = references.map((reference) => reference.length);
    this.#orders = [internTokens(references, hypothesis)];
  }

  /** Modified precision of order n (n ≥ 1). */
  precision(n: number): NgramPrecision {
    const unigrams = this.#orders[0] as NgramIds;
    while (this.#orders.length < n) {
      this.#orders.push(extendNgrams(this.#orders[this.#orders.length - 1] as NgramIds, unigrams));
    }
    let precision = this.#precisions[n - 1];
    if (precision === undefined) {
      precision = ngramPrecision(this.#orders[n - 1] as NgramIds);
      this.#precisions[n - 1] = precision;
    }
    return precision;
  }
}

/**
 * nltk's `modified_precision(references, hypothesis, n)`: the hypothesis's n-gram counts clipped
 * by the largest count of that n-gram in any one reference, over the number of hypothesis n-grams
 * (at least 1, so a hypothesis shorter than n gives 0/1). Unreduced, like nltk's
 * `Fraction(..., _normalize=False)`.
 */
export function modifiedPrecision(
  references: readonly (readonly string[])[],
  hypothesis: readonly string[],
  n: number,
): NgramPrecision {
  if (!Number.isInteger(n) || n < 1)
    throw new RangeError(`modifiedPrecision: n must be a positive integer, got ${n}`);
  return new NgramTable(references, hypothesis).precision(n);
}

/**
 * nltk's `closest_ref_length`: the reference length closest to the hypothesis length, the shorter
 * one on a tie.
 */
export function closestRefLength(
  references: readonly (readonly string[])[],
  hypothesisLength: number,
): number {
  return closestLength(
    references.map((reference) => reference.length),
    hypothesisLength,
  );
}

function closestLength(referenceLengths: readonly number[], hypothesisLength: number): number {
  let best: number | undefined;
  for (const length of referenceLengths) {
    const distance = Math.abs(length - hypothesisLength);
    if (
      best === undefined ||
      distance < Math.abs(best - hypothesisLength) ||
      (distance === Math.abs(best - hypothesisLength) && length < best)
    ) {
      best = length;
    }
  }
  // Python's min() of an empty sequence.
  if (best === undefined) throw new RangeError('closestRefLength: no references (Python raises ValueError)');
  return best;
}

/** nltk's `brevity_penalty(closest_ref_len, hyp_len)`. */
export function brevityPenalty(closestReferenceLength: number, hypothesisLength: number): number {
  if (hypothesisLength > closestReferenceLength) return 1;
  if (hypothesisLength === 0) return 0;
  return Math.exp(1 - closestReferenceLength / hypothesisLength);
}

/**
 * Python's `math.fsum`: the correctly rounded sum of the values (Shewchuk's partials, then
 * CPython's round-half-even correction). Non-finite input falls back to the plain sum.
 */
export function pythonFsum(values: Iterable<number>): number {
  const partials: number[] = [];
  let plain = 0;
  for (const value of values) {
    plain += value;
    let x = value;
    let count = 0;
    for (const partial of partials) {
      let y = partial;
      if (Math.abs(x) < Math.abs(y)) [x, y] = [y, x];
      const hi = x + y;
      const lo = y - (hi - x);
      if (lo !== 0) partials[count++] = lo;
      x = hi;
    }
    partials.length = count;
    if (x !== 0) partials.push(x);
  }
  if (!Number.isFinite(plain)) return plain;
  let n = partials.length;
  if (n === 0) return 0;
  let hi = partials[--n] as number;
  let lo = 0;
  while (n > 0) {
    const x = hi;
    const y = partials[--n] as number;
    hi = x + y;
    lo = y - (hi - x);
    if (lo !== 0) break;
  }
  if (n > 0) {
    const below = partials[n - 1] as number;
    if ((lo < 0 && below < 0) || (lo > 0 && below > 0)) {
      const y = lo * 2;
      const x = hi + y;
      if (y === x - hi) hi = x;
    }
  }
  return hi;
}

/**
 * nltk 3.8's `sentence_bleu(references, hypothesis, weights)` with no smoothing function (HELM's
 * use): `corpus_bleu` over one sentence. Returns 0 when no unigram matches (including an empty
 * hypothesis). Otherwise a zero precision of any order up to `weights.length` is replaced by
 * `sys.float_info.min` (nltk warns that the score "evaluates to 0"; it does not, it is a tiny or
 * subnormal positive number such as 2.2e-308 × brevity penalty), and the score is
 * `BP · exp(fsum(w_n · log p_n))`.
 */
export function sentenceBleu(
  references: readonly (readonly string[])[],
  hypothesis: readonly string[],
  weights: readonly number[] = [0.25, 0.25, 0.25, 0.25],
): number {
  return bleuFromTable(new NgramTable(references, hypothesis), weights);
}

function bleuFromTable(table: NgramTable, weights: readonly number[]): number {
  // nltk's `weights[0][0]` probe raises IndexError on empty weights.
  if (weights.length === 0) throw new RangeError('sentenceBleu: no weights (nltk raises IndexError)');
  const penalty = brevityPenalty(
    closestLength(table.referenceLengths, table.hypothesisLength),
    table.hypothesisLength,
  );
  if (table.precision(1).numerator === 0) return 0;
  // A zero weight adds 0 · log(p) = ±0 to the sum (p is a positive fraction or the float minimum,
  // never 0), so those orders are not computed; fsum gives the same result without them.
  const terms: number[] = [];
  weights.forEach((weight, index) => {
    if (weight === 0) return;
    const precision = table.precision(index + 1);
    const value = precision.numerator !== 0 ? precision.numerator / precision.denominator : PYTHON_FLOAT_MIN;
    terms.push(weight * Math.log(value));
  });
  return penalty * Math.exp(pythonFsum(terms));
}

// HELM scores bleu_1 and bleu_4 on the same (gold, prediction) pairs one after the other (each
// the max over the golds). The n-gram tables of the last few pairs and the tokens of the last few
// texts are kept, so each text is tokenized and each pair counted once. Both are immutable.
const CACHE_SIZE = 8;
const tokenizationCache = new Map<string, readonly string[]>();
const pairCache: Array<{ gold: string; prediction: string; table: NgramTable }> = [];

function cachedWordTokenize(text: string): readonly string[] {
  let tokens = tokenizationCache.get(text);
  if (tokens === undefined) {
    tokens = wordTokenize(text);
    if (tokenizationCache.size >= CACHE_SIZE) {
      tokenizationCache.delete(tokenizationCache.keys().next().value as string);
    }
    tokenizationCache.set(text, tokens);
  }
  return tokens;
}

function pairTable(gold: string, prediction: string): NgramTable {
  for (const entry of pairCache) {
    if (entry.gold === gold && entry.prediction === prediction) return entry.table;
  }
  const table = new NgramTable([cachedWordTokenize(gold)], cachedWordTokenize(prediction));
  if (pairCache.length >= CACHE_SIZE) pairCache.shift();
  pairCache.push({ gold, prediction, table });
  return table;
}

/** The BLEU weights of HELM's `bleu_1` and `bleu_4`. */
const BLEU_1_WEIGHTS = [1, 0, 0, 0] as const;
const BLEU_4_WEIGHTS = [0, 0, 0, 1] as const;

/**
 * HELM's `bleu_1(gold, pred)`: `sentence_bleu([word_tokenize(gold)], word_tokenize(pred),
 * weights=(1, 0, 0, 0))`, unigram precision times the brevity penalty. One reference; HELM takes
 * the max over several correct references itself (`compute_reference_metrics`).
 */
export function bleu1(gold: string, prediction: string): number {
  return bleuFromTable(pairTable(gold, prediction), BLEU_1_WEIGHTS);
}

/**
 * HELM's `bleu_4(gold, pred)`: `sentence_bleu([word_tokenize(gold)], word_tokenize(pred),
 * weights=(0, 0, 0, 1))`, the 4-gram precision alone (not the geometric mean of 1..4) times the
 * brevity penalty; with no 4-gram match but some unigram match it is `2.2e-308 × BP`, not 0.
 */
export function bleu4(gold: string, prediction: string): number {
  return bleuFromTable(pairTable(gold, prediction), BLEU_4_WEIGHTS);
}
