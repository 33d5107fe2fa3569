import { ConfigError } from '@medhelm/core';

/**
 * Ten minutes: how long a model call may take by default. A long generation from a large model,
 * or a reasoning model thinking, can take minutes before the response ends.
 */
export const DEFAULT_MODEL_TIMEOUT_MS = 600_000;

/**
 * A provider's `timeoutMs` option, checked when the provider is made: a positive, finite number of
 * milliseconds, or `defaultMs` when left out. Anything else is a ConfigError.
 */
export function checkTimeout(timeoutMs: number | undefined, defaultMs = DEFAULT_MODEL_TIMEOUT_MS): number {
  const value = timeoutMs ?? defaultMs;
  if (!Number.isFinite(value) || value <= 0) {
    throw new ConfigError(`timeoutMs must be a positive number of milliseconds, got ${String(timeoutMs)}`);
  }
  return value;
}
