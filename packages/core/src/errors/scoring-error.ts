import { MedHelmError } from './medhelm-error.ts';

/**
 * A scorer cannot score an instance. Where HELM raises for an input (so HELM has no stat for the
 * instance), our scorers throw this: the engine then records no stat for that instance and writes
 * the reason next to its result instead of failing the whole run.
 */
export class ScoringError extends MedHelmError {
  override readonly name = 'MedHelm_ScoringError';
}
