import { createInterface } from 'node:readline';
import { ModelCallError } from '@medhelm/core';
import { type Dispatcher, request } from 'undici';
import { flattenHeaders } from './flatten-headers.ts';
import { jsonResponseOf } from './json-response-of.ts';
import { modelCallFailure } from './model-call-failure.ts';
import { networkFailure } from './network-failure.ts';
import { redactUrl, secretsFromHeaders } from './redact-secrets.ts';

/** One GET of a text file of lines (a batch's JSONL results). */
export interface GetLinesOptions {
  /** Starts every error message (`openai: HTTP 404 from ...`). */
  providerId: string;
  url: string;
  /** Request headers; may hold secrets (credential headers are redacted from errors on their own). */
  headers: Readonly<Record<string, string>>;
  /**
   * Longest wait for the response headers, and for each chunk of the body after them: a results
   * file of hundreds of megabytes may take longer than that in all, but never stalls that long.
   */
  timeoutMs: number;
  /** Aborting it ends the download with a ModelCallError that is not retryable. */
  signal?: AbortSignal;
  /** The undici dispatcher (see createHttpAgent); undici's global one when left out. */
  dispatcher?: Dispatcher;
  /** Values that must never appear in an error (API keys): redacted from messages, bodies, URLs. */
  secrets?: readonly string[];
}

/**
 * GETs `url` and yields the non-blank lines of its body as they arrive, so a file of hundreds of
 * megabytes is never held whole. A non-2xx status, a connection failure, a stall or an abort is a
 * ModelCallError as `postJson` makes them (retryable as the status or failure says, redacted of
 * every secret); stopping the iteration early closes the connection.
 */
export async function* getLines(options: GetLinesOptions): AsyncGenerator<string, void, undefined> {
  const secrets = [...(options.secrets ?? []), ...secretsFromHeaders(options.headers)];
  const displayUrl = redactUrl(options.url, secrets);
  const fail = modelCallFailure(options.providerId, displayUrl, secrets);
  const { timeoutMs, signal } = options;
  const failure = (error: unknown) =>
    networkFailure(error, {
      fail,
      displayUrl,
      timeoutMs,
      aborted: signal?.aborted === true,
      timedOut: false,
    });
  if (signal?.aborted) {
    throw fail(`the request to ${displayUrl} was aborted`, { isRetryable: false }, { cause: signal.reason });
  }
  const started = performance.now();
  let response: Dispatcher.ResponseData;
  try {
    response = await request(options.url, {
      method: 'GET',
      headers: lowerCaseNames(options.headers),
      signal,
      dispatcher: options.dispatcher,
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
    });
  } catch (error) {
    throw failure(error);
  }
  const { statusCode: status, body } = response;
  try {
    if (status < 200 || status >= 300) {
      const text = await body.text();
      // Throws the ModelCallError of a failed status, with the API's own message.
      jsonResponseOf(
        { status, headers: flattenHeaders(response.headers), text, elapsedSeconds: elapsed(started) },
        fail,
        displayUrl,
      );
    }
    for await (const line of createInterface({ input: body, crlfDelay: Number.POSITIVE_INFINITY })) {
      if (line.trim() !== '') yield line;
    }
  } catch (error) {
    throw ModelCallError.isInstance(error) ? error : failure(error);
  } finally {
    body.destroy();
  }
}

function elapsed(started: number): number {
  return (performance.now() - started) / 1000;
}

function lowerCaseNames(headers: Readonly<Record<string, string>>): Record<string, string> {
  const lower: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) lower[name.toLowerCase()] = value;
  return lower;
}
