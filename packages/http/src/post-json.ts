import { ModelCallError, type ModelCallErrorDetails } from '@medhelm/core';
import { type Dispatcher, request } from 'undici';
import { isRetryableNetworkError, isRetryableStatus, networkErrorCode } from './is-retryable.ts';
import { onAbort } from './on-abort.ts';
import { redactSecrets, redactUrl, secretsFromHeaders } from './redact-secrets.ts';

/** Longest response body excerpt kept in a ModelCallError, marker included. */
export const BODY_EXCERPT_LIMIT = 2000;

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

/** A 2xx response with a JSON body. */
export interface JsonResponse {
  status: number;
  /** Response headers with lower-case names; `set-cookie` is dropped. */
  headers: Readonly<Record<string, string>>;
  /** The parsed JSON body, to be validated by the caller. */
  body: unknown;
  /** Wall time from sending the request to the end of the body. */
  elapsedSeconds: number;
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
  const { providerId, timeoutMs, signal } = options;
  const secrets = [...(options.secrets ?? []), ...secretsFromHeaders(options.headers)];
  const displayUrl = redactUrl(options.url, secrets);

  // Every error goes through here, so no path can forget to scrub.
  function fail(
    message: string,
    details: ModelCallErrorDetails,
    extras: { hint?: string; cause?: unknown } = {},
  ): ModelCallError {
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
  }

  if (signal?.aborted) {
    throw fail(`the request to ${displayUrl} was aborted`, { isRetryable: false }, { cause: signal.reason });
  }

  let payload: string;
  try {
    payload = JSON.stringify(options.body);
  } catch (error) {
    throw fail('the request body cannot be serialised as JSON', { isRetryable: false }, { cause: error });
  }

  // One deadline for headers and body together: undici's own timeouts restart on every body chunk,
  // so a server that trickles bytes would otherwise hold the call forever.
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new Error(`no complete response within ${timeoutMs} ms`));
  }, timeoutMs);
  const stopForwarding = onAbort(signal, () => controller.abort(signal?.reason));

  const started = performance.now();
  let status: number;
  let headers: Record<string, string>;
  let text: string;
  try {
    const response = await request(options.url, {
      method: 'POST',
      headers: requestHeaders(options.headers),
      body: payload,
      signal: controller.signal,
      dispatcher: options.dispatcher,
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
    });
    status = response.statusCode;
    headers = flattenHeaders(response.headers);
    text = await response.body.text();
  } catch (error) {
    if (signal?.aborted) {
      throw fail(`the request to ${displayUrl} was aborted`, { isRetryable: false }, { cause: error });
    }
    const code = networkErrorCode(error);
    if (timedOut || code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT') {
      throw fail(
        `no complete response from ${displayUrl} within ${timeoutMs} ms${code?.startsWith('UND_ERR_') ? ` (${code})` : ''}`,
        { isRetryable: true },
        { cause: error },
      );
    }
    const reason = error instanceof Error ? error.message : String(error);
    throw fail(
      `could not get a response from ${displayUrl}: ${code !== undefined && !reason.includes(code) ? `${code} ` : ''}${reason}`,
      { isRetryable: isRetryableNetworkError(error) },
      {
        cause: error,
        hint: code === 'ECONNREFUSED' ? 'Is the server running, and is the base URL right?' : undefined,
      },
    );
  } finally {
    clearTimeout(timer);
    stopForwarding();
  }
  const elapsedSeconds = (performance.now() - started) / 1000;

  if (status < 200 || status >= 300) {
    const apiMessage = apiErrorMessage(text);
    throw fail(
      `HTTP ${status} from ${displayUrl}${apiMessage === undefined ? '' : `: ${shorten(apiMessage, 500)}`}`,
      { status, headers, body: text, isRetryable: isRetryableStatus(status) },
      { hint: statusHint(status) },
    );
  }

  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    // A 2xx that is not JSON is almost always a body cut short (a proxy or a dropped connection),
    // which the next attempt gets past.
    throw fail(
      `the ${status} response from ${displayUrl} is not valid JSON (${text.length} characters; truncated?)`,
      { status, headers, body: text, isRetryable: true },
      { cause: error },
    );
  }
  return { status, headers, body, elapsedSeconds };
}

// Defaults first, then the caller's headers under lower-case names, so `Content-Type` from the
// caller replaces ours instead of being sent twice.
function requestHeaders(headers: Readonly<Record<string, string>>): Record<string, string> {
  const merged: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  for (const [name, value] of Object.entries(headers)) merged[name.toLowerCase()] = value;
  return merged;
}

/** Response headers with lower-case names and one string value each; cookies are dropped. */
export function flattenHeaders(
  headers: Record<string, string | string[] | undefined>,
): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    if (value === undefined || lower === 'set-cookie') continue;
    flat[lower] = Array.isArray(value) ? value.join(', ') : value;
  }
  return flat;
}

// The first BODY_EXCERPT_LIMIT characters, the note of what was cut included.
function excerpt(text: string): string {
  if (text.length <= BODY_EXCERPT_LIMIT) return text;
  const note = `... (${text.length} characters in all)`;
  return `${text.slice(0, BODY_EXCERPT_LIMIT - note.length)}${note}`;
}

function shorten(text: string, limit: number): string {
  return text.length <= limit ? text : `${text.slice(0, limit)}...`;
}

/** The message of an OpenAI, Anthropic or Gemini style error body, if the body is one. */
function apiErrorMessage(text: string): string | undefined {
  try {
    const json = JSON.parse(text) as { error?: { message?: unknown } | string; message?: unknown };
    if (typeof json.error === 'string') return json.error;
    if (typeof json.error?.message === 'string') return json.error.message;
    if (typeof json.message === 'string') return json.message;
  } catch {
    // Not JSON: the body excerpt in the error says what the server sent.
  }
  return undefined;
}

function statusHint(status: number): string | undefined {
  if (status === 401 || status === 403) return 'Check the API key and that it may use this model.';
  if (status === 404) return 'Check the model id and the base URL.';
  if (status === 429) return 'The server is rate limiting; lower the concurrency or wait.';
  return undefined;
}

/**
 * A copy of an error chain safe to attach as a cause: name, code and redacted message and stack of
 * each link, and nothing else (undici errors can hold sockets and request options).
 */
function sanitizeCause(error: unknown, secrets: readonly string[], depth = 0): unknown {
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
