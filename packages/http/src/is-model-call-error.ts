import { MedHelmError, ModelCallError } from '@medhelm/core';

/**
 * Whether `error` is a ModelCallError, also when it comes from another copy of @medhelm/core (a
 * plugin installed with its own), where `instanceof` is false.
 */
export function isModelCallError(error: unknown): error is ModelCallError {
  return (
    error instanceof ModelCallError ||
    (MedHelmError.isInstance(error) && error.name === 'MedHelm_ModelCallError')
  );
}
