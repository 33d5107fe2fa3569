import { ModelCallError } from '@medhelm/core';
import type { JsonResponse } from './json-response-of.ts';
import { BODY_EXCERPT_LIMIT } from './model-call-failure.ts';
import { redactSecrets, truncate } from './redact-secrets.ts';

/** One problem a schema found in a response: where (`choices.0.message`) and what. */
export interface ResponseIssue {
  path: readonly PropertyKey[];
  message: string;
}

/** The first `most` issues, as `path: message` joined by `; ` (`(root)` for the whole body). */
export function describeIssues(issues: readonly ResponseIssue[], most = 3): string {
  return issues
    .slice(0, most)
    .map((issue) => `${issue.path.map(String).join('.') || '(root)'}: ${issue.message}`)
    .join('; ');
}

/**
 * The ModelCallError for a 2xx JSON response that is not what the API documents (no choices, a body
 * of the wrong shape). It is retryable: a success without a usable answer is usually transient (a
 * proxy's cut-off answer, like a truncated body), and retries are bounded, so a server that is
 * simply wrong still fails. Message, headers and body excerpt are redacted of `secrets`, since a
 * server may echo a key back.
 */
export function unexpectedResponseError(
  message: string,
  response: JsonResponse,
  options: { url: string; secrets: readonly string[] },
): ModelCallError {
  const { secrets } = options;
  return new ModelCallError(redactSecrets(message, secrets), {
    url: options.url,
    status: response.status,
    headers: Object.fromEntries(
      Object.entries(response.headers).map(([name, value]) => [name, redactSecrets(value, secrets)]),
    ),
    body: truncate(redactSecrets(JSON.stringify(response.body) ?? '', secrets), BODY_EXCERPT_LIMIT),
    isRetryable: true,
  });
}
