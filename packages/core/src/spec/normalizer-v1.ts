import type { IdentifiedInstance } from '../schemas/instance.ts';
import type { SpecificationVersionV1 } from './access-tier.ts';

/** What a normalizer may look at besides the prediction. */
export interface NormalizerContextV1 {
  instance: IdentifiedInstance;
  /** The request's answer-letter mapping, for multiple-choice benchmarks. */
  outputMapping?: Readonly<Record<string, string>>;
}

/**
 * A pure step from a completion to the value scorers compare (answer-letter mapping, SQL
 * extraction, ...). Returning `null` means "no answer" (e.g. a letter that is not an option);
 * later normalizers are then skipped.
 */
export interface NormalizerV1 {
  readonly specificationVersion: SpecificationVersionV1;
  readonly id: string;
  normalize(prediction: string, context: NormalizerContextV1): string | null;
}
