import { ConfigError } from '@medhelm/core';

/** How {@link normalizeBaseUrl} reads one provider's base URL. */
export interface NormalizeBaseUrlOptions {
  /**
   * The version path the provider appends itself (`/v1` for Anthropic, `/v1beta` for Gemini): a
   * base URL ending in it names the same API root, and users often write the root that way.
   */
  versionPath?: string;
  /**
   * Where the provider reads its key, e.g. `ANTHROPIC_API_KEY`. When given, a base URL holding
   * credentials, a query (`?key=`) or a fragment is a ConfigError saying so: the key must come from
   * an environment variable, never the URL. Left out, credentials are allowed (a proxy's basic
   * auth); {@link withoutCredentials} keeps them out of cache identities and messages.
   */
  keyFrom?: string;
  /** A base URL to suggest when the given one does not parse (default a local OpenAI-style server). */
  example?: string;
}

/**
 * The API root a base URL names, in one form whatever the spelling: trimmed, in WHATWG URL form
 * (lower-case scheme and host, default port dropped), without trailing slashes, and without a
 * trailing `options.versionPath`. Anything but an http(s) URL is a ConfigError, whose message never
 * repeats credentials or a query of the URL.
 */
export function normalizeBaseUrl(raw: string, options: NormalizeBaseUrlOptions = {}): string {
  const trimmed = raw.trim().replace(/\/+$/, '');
  let parsed: URL;
  try {
    parsed = new URL(trimmed);
  } catch {
    throw new ConfigError(`base URL ${JSON.stringify(raw)} is not a URL`, {
      hint: `Pass e.g. --base-url ${options.example ?? 'http://127.0.0.1:8000/v1'}`,
    });
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    // Only the scheme: the rest of an unusual URL may hold a secret the parser did not recognise.
    throw new ConfigError(
      `base URL must start with http:// or https://, not ${JSON.stringify(parsed.protocol)}`,
    );
  }
  const { keyFrom, versionPath } = options;
  if (
    keyFrom !== undefined &&
    (parsed.username !== '' || parsed.password !== '' || parsed.search !== '' || parsed.hash !== '')
  ) {
    throw new ConfigError('the base URL must not hold credentials, a query or a fragment', {
      hint: `The API key is read from ${keyFrom}, or the variable named with --api-key-env.`,
    });
  }
  const root = parsed.href.replace(/\/+$/, '');
  return versionPath !== undefined && root.endsWith(versionPath) ? root.slice(0, -versionPath.length) : root;
}

/** The URL without a `user:password@` part, for cache identities and messages. */
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
