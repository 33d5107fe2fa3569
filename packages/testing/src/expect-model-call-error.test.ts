import { ModelCallError } from '@medhelm/core';
import { describe, expect, it } from 'vitest';
import { expectModelCallError } from './expect-model-call-error.ts';

describe('expectModelCallError', () => {
  it('returns the ModelCallError a call fails with', async () => {
    const thrown = new ModelCallError('HTTP 500', { isRetryable: true, status: 500 });
    await expect(expectModelCallError(Promise.reject(thrown))).resolves.toBe(thrown);
  });

  it('fails when the call succeeds or fails with something else', async () => {
    await expect(expectModelCallError(Promise.resolve('ok'))).rejects.toThrow(/it succeeded/);
    await expect(expectModelCallError(Promise.reject(new Error('plain')))).rejects.toThrow(/ModelCallError/);
  });
});
