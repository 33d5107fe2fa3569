import { ConfigError } from '@medhelm/core';
import { DEFAULT_MAX_INVALID_JUDGE_REPLIES } from '@medhelm/engine';

/** A comma-separated option's items, trimmed, without empty ones. */
export function splitList(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/** A positive integer option; undefined when not given. */
export function optionalPositiveInteger(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (!Number.isInteger(number) || number <= 0)
    throw new ConfigError(`${flag} must be a positive integer, got "${value}".`);
  return number;
}

/** An integer option >= 0; undefined when not given. */
export function optionalNonNegativeInteger(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0)
    throw new ConfigError(`${flag} must be an integer >= 0, got "${value}".`);
  return number;
}

/** A share from 0 to 1; the default share of invalid judge replies when not given. */
export function shareOption(value: string | undefined, flag: string): number {
  if (value === undefined) return DEFAULT_MAX_INVALID_JUDGE_REPLIES;
  const number = Number(value);
  if (value.trim() === '' || !Number.isFinite(number) || number < 0 || number > 1)
    throw new ConfigError(`${flag} must be a share from 0 to 1 (e.g. 0.25 for 25%), got "${value}".`);
  return number;
}

/** A number of US dollars >= 0; undefined when not given. */
export function optionalNonNegativeNumber(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (value.trim() === '' || !Number.isFinite(number) || number < 0)
    throw new ConfigError(`${flag} must be a number of US dollars >= 0, got "${value}".`);
  return number;
}

/** `--timeout`: seconds > 0 a model call may take; 600 when not given. */
export function timeoutSecondsOption(value: string | undefined): number {
  const seconds = Number(value ?? 600);
  if (!Number.isFinite(seconds) || seconds <= 0)
    throw new ConfigError(`--timeout must be a number of seconds > 0, got "${value}".`);
  return seconds;
}
