import { redactSecrets } from './redact-secrets.ts';

/**
 * A copy of an error chain safe to attach as a cause: name, code and redacted message and stack of
 * each link, and nothing else (undici errors can hold sockets and request options).
 */
export function sanitizeCause(error: unknown, secrets: readonly string[], depth = 0): unknown {
  if (!(error instanceof Error)) {
    return error === undefined || error === null ? error : redactSecrets(String(error), secrets);
  }
  const inner =
    depth < 4 && error.cause !== undefined ? sanitizeCause(error.cause, secrets, depth + 1) : undefined;
  const copy = new Error(
    redactSecrets(error.message, secrets),
    inner === undefined ? undefined : { cause: inner },
  );
  copy.name = error.name;
  if (error.stack !== undefined) copy.stack = redactSecrets(error.stack, secrets);
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') (copy as Error & { code?: string }).code = code;
  return copy;
}
