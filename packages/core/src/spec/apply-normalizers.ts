import type { NormalizerContextV1, NormalizerV1 } from './normalizer-v1.ts';

/**
 * Runs a benchmark's normalizers in order over a completion. A normalizer that returns `null`
 * ("no answer") ends the chain.
 */
export function applyNormalizers(
  normalizers: readonly NormalizerV1[],
  completion: string,
  context: NormalizerContextV1,
): string | null {
  let prediction: string | null = completion;
  for (const normalizer of normalizers) {
    if (prediction === null) break;
    prediction = normalizer.normalize(prediction, context);
  }
  return prediction;
}
