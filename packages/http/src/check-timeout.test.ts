import { ConfigError } from '@medhelm/core';
import { describe, expect, it } from 'vitest';
import { checkTimeout, DEFAULT_MODEL_TIMEOUT_MS } from './check-timeout.ts';

describe('checkTimeout', () => {
  it('returns the option, or the default (ten minutes unless the provider says otherwise)', () => {
    expect(DEFAULT_MODEL_TIMEOUT_MS).toBe(600_000);
    expect(checkTimeout(undefined)).toBe(600_000);
    expect(checkTimeout(undefined, 30_000)).toBe(30_000);
    expect(checkTimeout(250)).toBe(250);
  });

  it.each([0, -1, Number.NaN, Number.POSITIVE_INFINITY])('rejects %s as ConfigError', (timeoutMs) => {
    expect(() => checkTimeout(timeoutMs)).toThrow(ConfigError);
    expect(() => checkTimeout(timeoutMs)).toThrow(
      `timeoutMs must be a positive number of milliseconds, got ${String(timeoutMs)}`,
    );
  });
});
