import { ConfigError } from '@medhelm/core';

/**
 * The API root a base URL names: trimmed, without trailing slashes, and without a trailing
 * `/v1beta`, because this provider appends `/v1beta/models/<model>:generateContent` itself and
 * `https://generativelanguage.googleapis.com/v1beta` is a common way to write the root. Anything
 * but a plain http(s) URL (credentials, a query such as `?key=` or a fragment included) is a
 * ConfigError: the key comes from an environment variable and travels in a header, never the URL.
 */
export function normalizeBaseUrl(raw: string): string {
  const trimmed = raw.trim().replace(/\/+$/, '');
  let parsed: URL;
  try {
    parsed = new URL(trimmed);
  } catch {
    throw new ConfigError(`base URL ${JSON.stringify(raw)} is not a URL`, {
      hint: 'Pass e.g. --base-url https://generativelanguage.googleapis.com',
    });
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new ConfigError(
      `base URL ${JSON.stringify(`${parsed.protocol}//${parsed.host}${parsed.pathname}`)} must start with http:// or https://`,
    );
  }
  if (parsed.username !== '' || parsed.password !== '' || parsed.search !== '' || parsed.hash !== '') {
    throw new ConfigError('the base URL must not hold credentials, a query or a fragment', {
      hint: 'The API key is read from GEMINI_API_KEY (or GOOGLE_API_KEY), or the variable named with --api-key-env.',
    });
  }
  return parsed.href.replace(/\/+$/, '').replace(/\/v1beta$/, '');
}
