/**
 * The `p`-quantile (0 ≤ p ≤ 1) of ascending `sorted` values, interpolating linearly between the
 * two nearest order statistics at position p × (n − 1): numpy's default (`method='linear'`).
 */
export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) throw new RangeError('percentile of no values');
  const position = p * (sorted.length - 1);
  const below = Math.floor(position);
  const above = Math.min(below + 1, sorted.length - 1);
  const fraction = position - below;
  const low = sorted[below] as number;
  const high = sorted[above] as number;
  return fraction === 0 ? low : low + (high - low) * fraction;
}
