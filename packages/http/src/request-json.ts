import type { Dispatcher, FormData } from 'undici';
import { type JsonResponse, jsonResponseOf } from './json-response-of.ts';
import { modelCallFailure } from './model-call-failure.ts';
import { receiveResponse } from './receive-response.ts';
import { redactUrl, secretsFromHeaders } from './redact-secrets.ts';

/** One request to a model API whose answer is JSON: a GET, or a POST of text or a multipart form. */
export interface RequestJsonOptions {
  /** Starts every error message (`openai: HTTP 429 from ...`). */
  providerId: string;
  method: 'GET' | 'POST';
  url: string;
  /** Request headers; may hold secrets (credential headers are redacted from errors on their own). */
  headers: Readonly<Record<string, string>>;
  /**
   * The body as sent: JSON text (sent as `application/json`), an undici `FormData` (sent as
   * `multipart/form-data` with its boundary), or none.
   */
  payload?: string | FormData;
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
 * Sends one request and returns the parsed 2xx JSON response, failing exactly as `postJson` does
 * (a ModelCallError whose `isRetryable` follows the status, redacted of every secret). Batch APIs
 * need it besides `postJson`: they GET their objects, upload files as multipart forms and POST
 * bodies already serialised.
 */
export async function requestJson(options: RequestJsonOptions): Promise<JsonResponse> {
  const secrets = [...(options.secrets ?? []), ...secretsFromHeaders(options.headers)];
  const displayUrl = redactUrl(options.url, secrets);
  const fail = modelCallFailure(options.providerId, displayUrl, secrets);
  if (options.signal?.aborted) {
    throw fail(
      `the request to ${displayUrl} was aborted`,
      { isRetryable: false },
      { cause: options.signal.reason },
    );
  }
  const received = await receiveResponse(
    {
      method: options.method,
      url: options.url,
      headers: requestHeaders(options.headers, options.payload),
      payload: options.payload,
      timeoutMs: options.timeoutMs,
      ...(options.signal === undefined ? {} : { signal: options.signal }),
      ...(options.dispatcher === undefined ? {} : { dispatcher: options.dispatcher }),
    },
    fail,
    displayUrl,
  );
  return jsonResponseOf(received, fail, displayUrl);
}

// Defaults first, then the caller's headers under lower-case names, so `Content-Type` from the
// caller replaces ours instead of being sent twice. A form's content type (with its boundary) is
// undici's to set.
function requestHeaders(
  headers: Readonly<Record<string, string>>,
  payload: string | FormData | undefined,
): Record<string, string> {
  const merged: Record<string, string> =
    typeof payload === 'string'
      ? { 'content-type': 'application/json', accept: 'application/json' }
      : { accept: 'application/json' };
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    if (lower === 'content-type' && typeof payload !== 'string') continue;
    merged[lower] = value;
  }
  return merged;
}
