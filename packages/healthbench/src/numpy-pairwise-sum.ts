/**
 * numpy's `pairwise_sum` of float64 (`np.add.reduce`, so `np.mean`/`np.std`), written out because
 * its order of additions decides the last bits: under 8 values a left-to-right sum from 0.0; up to
 * 128, eight running sums combined as ((r0+r1)+(r2+r3))+((r4+r5)+(r6+r7)) and then the tail; above,
 * the two halves, split at a multiple of 8.
 */
export function numpyPairwiseSum(values: readonly number[], start = 0, count = values.length): number {
  if (count < 8) {
    let sum = 0;
    for (let index = start; index < start + count; index++) sum += values[index]!;
    return sum;
  }
  if (count <= 128) {
    const r = values.slice(start, start + 8);
    let index = 8;
    for (; index < count - (count % 8); index += 8) {
      for (let lane = 0; lane < 8; lane++) r[lane]! += values[start + index + lane]!;
    }
    let sum = r[0]! + r[1]! + (r[2]! + r[3]!) + (r[4]! + r[5]! + (r[6]! + r[7]!));
    for (; index < count; index++) sum += values[start + index]!;
    return sum;
  }
  let half = Math.floor(count / 2);
  half -= half % 8;
  return numpyPairwiseSum(values, start, half) + numpyPairwiseSum(values, start + half, count - half);
}

/** `np.mean(values)`: the pairwise sum divided by the count. */
export function numpyMean(values: readonly number[]): number {
  return numpyPairwiseSum(values) / values.length;
}

/** `np.std(values)` (population, ddof 0): `sqrt(mean((x - mean(x))**2))`, with numpy's sums. */
export function numpyStd(values: readonly number[]): number {
  const mean = numpyMean(values);
  const squared = values.map((value) => (value - mean) * (value - mean));
  return Math.sqrt(numpyPairwiseSum(squared) / values.length);
}
