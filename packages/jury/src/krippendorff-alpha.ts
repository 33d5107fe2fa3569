/**
 * Additive sufficient statistics of Krippendorff's alpha for interval data: per unit (an item
 * several coders rated) with m ≥ 2 values, `pairable` += m, `sum` += Σv, `sumSquares` += Σv²,
 * `withinDisagreement` += Σ over ordered pairs i≠j of (vᵢ − vⱼ)² / (m − 1). Units with fewer than
 * two values are not pairable and add nothing. Sums of these over any set of units give that set's
 * alpha, so per-instance stats merged by the engine give the benchmark's.
 */
export interface KrippendorffSums {
  pairable: number;
  sum: number;
  sumSquares: number;
  withinDisagreement: number;
}

/** The sums of no unit. */
export function emptyKrippendorffSums(): KrippendorffSums {
  return { pairable: 0, sum: 0, sumSquares: 0, withinDisagreement: 0 };
}

/** Adds one unit's values (missing values already left out) to `sums`, in place; returns `sums`. */
export function addKrippendorffUnit(sums: KrippendorffSums, values: readonly number[]): KrippendorffSums {
  const m = values.length;
  if (m < 2) return sums;
  let sum = 0;
  let sumSquares = 0;
  for (const value of values) {
    sum += value;
    sumSquares += value * value;
  }
  sums.pairable += m;
  sums.sum += sum;
  sums.sumSquares += sumSquares;
  // Σ_{i≠j} (vᵢ − vⱼ)² = 2mΣv² − 2(Σv)².
  sums.withinDisagreement += (2 * m * sumSquares - 2 * sum * sum) / (m - 1);
  return sums;
}

/**
 * Krippendorff's alpha (interval metric, δ² = (c − k)²) from merged sums (Krippendorff 2011,
 * "Computing Krippendorff's Alpha-Reliability"): α = 1 − D_o / D_e with
 * D_o = withinDisagreement / n and D_e = (2nΣv² − 2(Σv)²) / (n(n − 1)), n = pairable values.
 * `null` when it is undefined: fewer than two pairable values, or no variation at all (D_e = 0).
 */
export function krippendorffAlphaInterval(sums: KrippendorffSums): number | null {
  const n = sums.pairable;
  if (n < 2) return null;
  const expectedTimesN = (2 * n * sums.sumSquares - 2 * sums.sum * sums.sum) / (n - 1);
  if (!(expectedTimesN > 0)) return null;
  return 1 - sums.withinDisagreement / expectedTimesN;
}
