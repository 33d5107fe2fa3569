/** What every redacted secret is replaced with. */
export const REDACTED = '[REDACTED]';

// Query parameters that carry credentials by convention (Gemini's `?key=`, signed URLs, OAuth).
const sensitiveQueryParameters = new Set([
  'key',
  'api_key',
  'apikey',
  'api-key',
  'access_token',
  'token',
  'auth',
  'authorization',
  'code',
  'client_secret',
  'password',
  'secret',
  'sig',
  'signature',
  'x-goog-api-key',
  'x-amz-signature',
  'x-amz-credential',
  'x-amz-security-token',
]);

// Request headers whose values are credentials; postJson adds them to the secrets on its own, so a
// provider that forgets to list its key still cannot leak it.
const sensitiveHeaders = new Set([
  'authorization',
  'proxy-authorization',
  'x-api-key',
  'api-key',
  'x-goog-api-key',
  'ocp-apim-subscription-key',
  'cookie',
]);

/**
 * Replaces every occurrence of each secret in `text` with `[REDACTED]`, including its
 * percent-encoded form (how a key looks inside a URL). Longer secrets go first so one that
 * contains another is removed whole; empty strings are ignored.
 */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  const forms = new Set<string>();
  for (const secret of secrets) {
    if (secret === '') continue;
    forms.add(secret);
    const encoded = encodeURIComponent(secret);
    if (encoded !== secret) forms.add(encoded);
  }
  let result = text;
  for (const form of [...forms].sort((a, b) => b.length - a.length)) {
    result = result.split(form).join(REDACTED);
  }
  return result;
}

/**
 * The secrets implied by request headers: the value of each credential header, or for a
 * `Bearer`/`Basic`/`Token`/`Key` scheme the token after it.
 */
export function secretsFromHeaders(headers: Readonly<Record<string, string>>): string[] {
  const secrets: string[] = [];
  for (const [name, value] of Object.entries(headers)) {
    if (!sensitiveHeaders.has(name.toLowerCase()) || value.trim() === '') continue;
    // With a scheme only the token is secret; keeping "Bearer" visible helps reading an echo.
    const token = /^\s*(?:Bearer|Basic|Token|Key)\s+(\S.*)$/i.exec(value)?.[1]?.trim();
    secrets.push(token !== undefined && token !== '' ? token : value.trim());
  }
  return secrets;
}

/**
 * A URL fit for an error message: no `user:password@`, credential-like query parameters
 * (`key`, `api_key`, `token`, `sig`, ...) replaced by `[REDACTED]`, and every secret redacted.
 * Text that is not a URL is only redacted.
 */
export function redactUrl(url: string, secrets: readonly string[]): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return redactSecrets(url, secrets);
  }
  if (parsed.username !== '' || parsed.password !== '') {
    parsed.username = '';
    parsed.password = '';
  }
  for (const name of [...new Set(parsed.searchParams.keys())]) {
    if (sensitiveQueryParameters.has(name.toLowerCase())) parsed.searchParams.set(name, REDACTED);
  }
  // URLSearchParams encodes the brackets; put them back so the marker reads the same everywhere.
  const text = parsed.toString().split(encodeURIComponent(REDACTED)).join(REDACTED);
  return redactSecrets(text, secrets);
}

/** Cuts `text` to `limit` characters, saying how much was left out. */
export function truncate(text: string, limit: number): string {
  if (text.length <= limit) return text;
  return `${text.slice(0, limit)}... (${text.length - limit} more characters)`;
}
