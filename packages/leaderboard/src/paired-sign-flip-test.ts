import { createSeededRandom } from '@medhelm/core';

/** Options of {@link pairedSignFlipTest}. */
export interface SignFlipOptions {
  /** Random sign patterns drawn when there are too many instances to enumerate; default 10,000. */
  permutations?: number;
  /** Seed of the random patterns; default 0. */
  seed?: number;
  /** Up to this many differences every one of the 2^n sign patterns is enumerated; default 16. */
  exactUpTo?: number;
}

/** The result of {@link pairedSignFlipTest}. */
export interface SignFlipResult {
  /** Number of paired differences. */
  n: number;
  /** Mean of the differences (A − B). */
  meanDifference: number;
  /** Two-sided p-value of "no difference". */
  pValue: number;
  /** `exact` (every sign pattern) or `permutation` (seeded random patterns). */
  method: 'exact' | 'permutation';
}

/**
 * A paired sign-flip permutation test of the mean of `differences` (A − B per instance both models
 * answered). Under "no difference" each difference is as likely to have either sign, so the
 * p-value is the share of sign patterns whose |mean| is at least the observed |mean|: all 2^n
 * patterns for n ≤ `exactUpTo`, otherwise `permutations` seeded random ones, counted as
 * (1 + hits) / (1 + permutations) so it is never 0. Sums within a relative 1e-9 of the observed
 * one count as reaching it (floating-point sums in another order).
 */
export function pairedSignFlipTest(
  differences: ArrayLike<number>,
  options: SignFlipOptions = {},
): SignFlipResult | undefined {
  const n = differences.length;
  if (n === 0) return undefined;
  let observed = 0;
  let scale = 0;
  for (let index = 0; index < n; index++) {
    observed += differences[index] as number;
    scale += Math.abs(differences[index] as number);
  }
  const threshold = Math.abs(observed) - 1e-9 * scale;
  const exactUpTo = options.exactUpTo ?? 16;
  if (n <= exactUpTo) {
    let hits = 0;
    const patterns = 2 ** n;
    for (let pattern = 0; pattern < patterns; pattern++) {
      let sum = 0;
      for (let index = 0; index < n; index++) {
        const value = differences[index] as number;
        sum += (pattern >> index) & 1 ? -value : value;
      }
      if (Math.abs(sum) >= threshold) hits++;
    }
    return { n, meanDifference: observed / n, pValue: hits / patterns, method: 'exact' };
  }
  const permutations = options.permutations ?? 10_000;
  const random = createSeededRandom(options.seed ?? 0);
  let hits = 0;
  for (let permutation = 0; permutation < permutations; permutation++) {
    let sum = 0;
    for (let index = 0; index < n; index++) {
      const value = differences[index] as number;
      sum += random() < 0.5 ? -value : value;
    }
    if (Math.abs(sum) >= threshold) hits++;
  }
  return {
    n,
    meanDifference: observed / n,
    pValue: (1 + hits) / (1 + permutations),
    method: 'permutation',
  };
}
