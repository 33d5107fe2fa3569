import { hasBrand } from './has-brand.ts';
import { MedHelmError } from './medhelm-error.ts';

const scoringErrorBrand = Symbol.for('medhelm.error.ScoringError');

/**
 * A scorer cannot score an instance. Where HELM raises for an input (so HELM has no stat for the
 * instance), our scorers throw this: the engine then records no stat for that instance and writes
 * the reason next to its result instead of failing the whole run.
 */
export class ScoringError extends MedHelmError {
  override readonly name = 'MedHelm_ScoringError';
  readonly [scoringErrorBrand] = true;

  /** Whether `error` is a ScoringError, also one thrown by another copy of @medhelm/core. */
  static override isInstance(error: unknown): error is ScoringError {
    return hasBrand(error, scoringErrorBrand);
  }
}
