/** Replaces every occurrence of `secret` in `text`, so a server echoing the key cannot leak it. */
export function redactSecret(text: string, secret: string | undefined): string {
  if (secret === undefined || secret === '') return text;
  return text.split(secret).join('[REDACTED]');
}

/** Cuts `text` to `limit` characters, saying how much was left out. */
export function truncate(text: string, limit: number): string {
  if (text.length <= limit) return text;
  return `${text.slice(0, limit)}... (${text.length - limit} more characters)`;
}

/** The URL without a `user:password@` part, for errors and cache keys. */
export function withoutCredentials(url: string): string {
  const parsed = new URL(url);
  if (parsed.username === '' && parsed.password === '') return url;
  parsed.username = '';
  parsed.password = '';
  return parsed.toString().replace(/\/+$/, '');
}
