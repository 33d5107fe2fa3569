import { numpyLegacyPermutation } from '@medhelm/datasets';

/** HELM's downsampling seed (`np.random.seed(0)`), recorded in every run's provenance. */
export const DOWNSAMPLE_SEED = 0;

/**
 * Which eval instances HELM keeps when a run has more than `maxEvalInstances`: positions into the
 * pooled eval list, in the order HELM uses them. HELM calls numpy's legacy
 * `np.random.seed(0); np.random.choice(instances, k, replace=False)`, which is the first `k`
 * entries of `permutation(n)` (see `numpyLegacyPermutation`).
 * With `n <= maxEvalInstances` every instance is kept in its original order.
 */
export function downsampleEvalIndices(
  numEvalInstances: number,
  maxEvalInstances: number | undefined,
): number[] {
  if (maxEvalInstances === undefined || numEvalInstances <= maxEvalInstances) {
    return Array.from({ length: numEvalInstances }, (_, index) => index);
  }
  if (numEvalInstances > 0xffffffff) throw new RangeError('More than 2^32 eval instances are not supported.');
  return numpyLegacyPermutation(DOWNSAMPLE_SEED, numEvalInstances).slice(0, maxEvalInstances);
}
