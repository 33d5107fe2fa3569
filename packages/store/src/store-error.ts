import { hasBrand, MedHelmError } from '@medhelm/core';

const storeErrorBrand = Symbol.for('medhelm.error.StoreError');

/**
 * The store cannot do what was asked: the database file is not a MedHELM store, was written by a
 * newer release, cannot be opened, or a value cannot be stored. Always names the file (or the
 * run/instance) involved, so the user knows what to move or delete.
 */
export class StoreError extends MedHelmError {
  override readonly name = 'MedHelm_StoreError';
  readonly [storeErrorBrand] = true;

  /** Whether `error` is a StoreError, also one thrown by another copy of @medhelm/store. */
  static override isInstance(error: unknown): error is StoreError {
    return hasBrand(error, storeErrorBrand);
  }
}
