import type { Dispatcher } from 'undici';
import type { JsonResponse } from './json-response-of.ts';
import { modelCallFailure } from './model-call-failure.ts';
import { redactUrl, secretsFromHeaders } from './redact-secrets.ts';
import { requestJson } from './request-json.ts';

/** One JSON POST to a model API. */
export interface PostJsonOptions {
  /** Starts every error message (`openai: HTTP 429 from ...`). */
  providerId: string;
  url: string;
  /** Request headers; may hold secrets (credential headers are redacted from errors on their own). */
  headers: Readonly<Record<string, string>>;
  /** Sent as JSON. */
  body: unknown;
  /** Longest wait for the whole response, headers and body; a hang past it is a retryable ModelCallError. */
  timeoutMs: number;
  /** Aborting it ends the call with a ModelCallError that is not retryable. */
  signal?: AbortSignal;
  /** The undici dispatcher (see createHttpAgent); undici's global one when left out. */
  dispatcher?: Dispatcher;
  /** Values that must never appear in an error (API keys): redacted from messages, bodies, URLs. */
  secrets?: readonly string[];
}

/**
 * POSTs `body` as JSON and returns the parsed 2xx response. Every failure is a ModelCallError whose
 * `isRetryable` says whether the same call may succeed later: 408/409/425/429/5xx statuses,
 * connection failures, timeouts and a 2xx whose body is not valid JSON (a truncated body is
 * transient) are; other 4xx statuses and an abort by `signal` are not. Errors never carry a secret:
 * `secrets` and the values of credential headers are redacted from the message, URL, body excerpt,
 * response headers and causes.
 */
export async function postJson(options: PostJsonOptions): Promise<JsonResponse> {
  const { body, ...request } = options;
  // An aborted call fails as aborted before its body is looked at.
  if (options.signal?.aborted) return requestJson({ ...request, method: 'POST' });
  let payload: string;
  try {
    payload = JSON.stringify(body);
  } catch (error) {
    const secrets = [...(options.secrets ?? []), ...secretsFromHeaders(options.headers)];
    const fail = modelCallFailure(options.providerId, redactUrl(options.url, secrets), secrets);
    throw fail('the request body cannot be serialised as JSON', { isRetryable: false }, { cause: error });
  }
  return requestJson({ ...request, method: 'POST', payload });
}
