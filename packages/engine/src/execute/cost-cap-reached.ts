import { MedHelmError } from '@medhelm/core';

/** A model call was not made because it could take the invocation's spend over `--max-cost`. */
export class CostCapReached extends MedHelmError {
  override readonly name = 'MedHelm_CostCapReached';

  constructor() {
    super('This model call could take the spend of this invocation over --max-cost; it was not made.');
  }
}

/** Whether `error` is a CostCapReached (checked by name, so copies of the engine agree). */
export function isCostCapReached(error: unknown): boolean {
  return error instanceof Error && error.name === 'MedHelm_CostCapReached';
}
