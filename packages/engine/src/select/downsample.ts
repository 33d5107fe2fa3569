import { MersenneTwister } from './mersenne-twister.ts';

/**
 * Which eval instances HELM keeps when a run has more than `maxEvalInstances`: positions into the
 * pooled eval list, in the order HELM uses them. HELM calls numpy's legacy
 * `np.random.seed(0); np.random.choice(instances, k, replace=False)`, which is the first `k`
 * entries of `permutation(n)`: a Fisher-Yates shuffle of `0..n-1` from the last position down,
 * drawing each swap index with numpy's masked rejection sampling (`random_interval`).
 * With `n <= maxEvalInstances` every instance is kept in its original order.
 */
export function downsampleEvalIndices(
  numEvalInstances: number,
  maxEvalInstances: number | undefined,
): number[] {
  const all = Array.from({ length: numEvalInstances }, (_, index) => index);
  if (maxEvalInstances === undefined || numEvalInstances <= maxEvalInstances) return all;
  const generator = new MersenneTwister(0);
  for (let i = numEvalInstances - 1; i >= 1; i--) {
    const j = randomInterval(generator, i);
    const swap = all[i]!;
    all[i] = all[j]!;
    all[j] = swap;
  }
  return all.slice(0, maxEvalInstances);
}

/** numpy's `random_interval(max)`: a uniform integer in [0, max] by masking and rejection. */
function randomInterval(generator: MersenneTwister, max: number): number {
  if (max === 0) return 0;
  if (max > 0xffffffff) throw new RangeError('More than 2^32 eval instances are not supported.');
  let mask = max;
  mask |= mask >>> 1;
  mask |= mask >>> 2;
  mask |= mask >>> 4;
  mask |= mask >>> 8;
  mask |= mask >>> 16;
  for (;;) {
    const value = (generator.nextUint32() & mask) >>> 0;
    if (value <= max) return value;
  }
}
