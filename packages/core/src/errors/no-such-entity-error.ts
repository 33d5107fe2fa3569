import { closestId } from './closest-id.ts';
import { hasBrand } from './has-brand.ts';
import { MedHelmError } from './medhelm-error.ts';

const noSuchEntityErrorBrand = Symbol.for('medhelm.error.NoSuchEntityError');

/** An id (benchmark, provider, scorer, normalizer) that no registered plugin provides. */
export class NoSuchEntityError extends MedHelmError {
  override readonly name = 'MedHelm_NoSuchEntityError';
  readonly [noSuchEntityErrorBrand] = true;

  readonly kind: string;
  readonly id: string;
  readonly knownIds: readonly string[];

  constructor(kind: string, id: string, knownIds: readonly string[]) {
    const known = knownIds.length > 0 ? knownIds.join(', ') : '(none registered)';
    const near = closestId(id, knownIds);
    const suggestion = near === undefined ? '' : ` Did you mean "${near}"?`;
    super(`Unknown ${kind} "${id}".${suggestion} Known ${kind}s: ${known}.`, {
      hint: `Check the spelling, or install and register the plugin that provides the ${kind}.`,
    });
    this.kind = kind;
    this.id = id;
    this.knownIds = knownIds;
  }

  /** Whether `error` is a NoSuchEntityError, also one thrown by another copy of @medhelm/core. */
  static override isInstance(error: unknown): error is NoSuchEntityError {
    return hasBrand(error, noSuchEntityErrorBrand);
  }
}
