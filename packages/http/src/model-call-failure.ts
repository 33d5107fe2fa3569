import { ModelCallError, type ModelCallErrorDetails } from '@medhelm/core';
import { redactSecrets } from './redact-secrets.ts';
import { sanitizeCause } from './sanitize-cause.ts';

/** Longest response body excerpt kept in a ModelCallError, marker included. */
export const BODY_EXCERPT_LIMIT = 2000;

/** Builds the ModelCallError of one call, scrubbed of its secrets; every error of postJson goes through one. */
export type ModelCallFailure = (
  message: string,
  details: ModelCallErrorDetails,
  extras?: { hint?: string; cause?: unknown },
) => ModelCallError;

/**
 * The failure builder of one call to `displayUrl`: the message starts with the provider id, and
 * `secrets` are redacted from message, hint, response headers, body excerpt and causes, so no path
 * can forget to scrub.
 */
export function modelCallFailure(
  providerId: string,
  displayUrl: string,
  secrets: readonly string[],
): ModelCallFailure {
  return (message, details, extras = {}) => {
    const headers = Object.fromEntries(
      Object.entries(details.headers ?? {}).map(([name, value]) => [name, redactSecrets(value, secrets)]),
    );
    const body = details.body === undefined ? undefined : excerpt(redactSecrets(details.body, secrets));
    return new ModelCallError(
      redactSecrets(`${providerId}: ${message}`, secrets),
      { ...details, url: displayUrl, headers, body },
      {
        hint: extras.hint === undefined ? undefined : redactSecrets(extras.hint, secrets),
        cause: extras.cause === undefined ? undefined : sanitizeCause(extras.cause, secrets),
      },
    );
  };
}

// The first BODY_EXCERPT_LIMIT characters, the note of what was cut included.
function excerpt(text: string): string {
  if (text.length <= BODY_EXCERPT_LIMIT) return text;
  const note = `... (${text.length} characters in all)`;
  return `${text.slice(0, BODY_EXCERPT_LIMIT - note.length)}${note}`;
}
