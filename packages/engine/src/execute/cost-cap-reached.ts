import { hasBrand, MedHelmError } from '@medhelm/core';

const costCapReachedBrand = Symbol.for('medhelm.error.CostCapReached');

/** A model call was not made because it could take the invocation's spend over `--max-cost`. */
export class CostCapReached extends MedHelmError {
  override readonly name = 'MedHelm_CostCapReached';
  readonly [costCapReachedBrand] = true;

  constructor() {
    super('This model call could take the spend of this invocation over --max-cost; it was not made.');
  }

  /** Whether `error` is a CostCapReached, also one thrown by another copy of @medhelm/engine. */
  static override isInstance(error: unknown): error is CostCapReached {
    return hasBrand(error, costCapReachedBrand);
  }
}
