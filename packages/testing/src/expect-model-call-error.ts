import { ModelCallError } from '@medhelm/core';
import { expect } from 'vitest';

/**
 * Awaits a call that must fail and returns its ModelCallError; the test fails when the call
 * succeeds or throws anything else. `const error = await expectModelCallError(model.doGenerate(r))`.
 */
export async function expectModelCallError(promise: Promise<unknown>): Promise<ModelCallError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ModelCallError);
    return error as ModelCallError;
  }
  throw new Error('expected the call to fail with a ModelCallError, but it succeeded');
}
