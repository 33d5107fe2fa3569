import { ModelCallError } from '@medhelm/core';
import { describe, expect, it } from 'vitest';
import { missingApiKeyError } from './missing-api-key-error.ts';

describe('missingApiKeyError', () => {
  it('is a non-retryable ModelCallError without a status, with the url and hint', () => {
    const error = missingApiKeyError('acme model "m": ACME_API_KEY is not set', {
      url: 'https://api.acme.example/v1',
      hint: 'Set ACME_API_KEY (or name another variable with --api-key-env).',
    });
    expect(error).toBeInstanceOf(ModelCallError);
    expect(error.isRetryable).toBe(false);
    expect(error.status).toBeUndefined();
    expect(error.url).toBe('https://api.acme.example/v1');
    expect(error.message).toBe('acme model "m": ACME_API_KEY is not set');
    expect(error.hint).toBe('Set ACME_API_KEY (or name another variable with --api-key-env).');
  });
});
