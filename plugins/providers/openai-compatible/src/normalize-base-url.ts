import { ConfigError } from '@medhelm/core';

/** Trims the base URL and drops trailing slashes; anything but an http(s) URL is a ConfigError. */
export function normalizeBaseUrl(raw: string): string {
  const trimmed = raw.trim().replace(/\/+$/, '');
  let parsed: URL;
  try {
    parsed = new URL(trimmed);
  } catch {
    throw new ConfigError(`base URL ${JSON.stringify(raw)} is not a URL`, {
      hint: 'Pass e.g. --base-url http://127.0.0.1:8000/v1',
    });
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new ConfigError(
      `base URL ${JSON.stringify(withoutCredentials(trimmed))} must start with http:// or https://`,
    );
  }
  return trimmed;
}

/** The URL without a `user:password@` part, for the cache identity and messages. */
export function withoutCredentials(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  if (parsed.username === '' && parsed.password === '') return url;
  parsed.username = '';
  parsed.password = '';
  return parsed.toString().replace(/\/+$/, '');
}
