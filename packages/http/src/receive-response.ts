import { type Dispatcher, type FormData, request } from 'undici';
import { flattenHeaders } from './flatten-headers.ts';
import type { ReceivedResponse } from './json-response-of.ts';
import type { ModelCallFailure } from './model-call-failure.ts';
import { networkFailure } from './network-failure.ts';
import { onAbort } from './on-abort.ts';

/** One request as sent: the method (POST unless said), the serialised body, the merged headers, and its limits. */
export interface OutgoingPost {
  method?: 'GET' | 'POST';
  url: string;
  headers: Readonly<Record<string, string>>;
  /** The body: text, a multipart form (undici sets its content type), or none. */
  payload: string | FormData | undefined;
  timeoutMs: number;
  signal?: AbortSignal;
  dispatcher?: Dispatcher;
}

/**
 * Sends `post` and reads its whole response within one deadline for headers and body together:
 * undici's own timeouts restart on every body chunk, so a server that trickles bytes would otherwise
 * hold the call forever. No complete response is a ModelCallError (see networkFailure).
 */
export async function receiveResponse(
  post: OutgoingPost,
  fail: ModelCallFailure,
  displayUrl: string,
): Promise<ReceivedResponse> {
  const { timeoutMs, signal } = post;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new Error(`no complete response within ${timeoutMs} ms`));
  }, timeoutMs);
  const stopForwarding = onAbort(signal, () => controller.abort(signal?.reason));

  const started = performance.now();
  try {
    const response = await request(post.url, {
      method: post.method ?? 'POST',
      headers: post.headers,
      body: post.payload,
      signal: controller.signal,
      dispatcher: post.dispatcher,
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
    });
    const status = response.statusCode;
    const headers = flattenHeaders(response.headers);
    const text = await response.body.text();
    return { status, headers, text, elapsedSeconds: (performance.now() - started) / 1000 };
  } catch (error) {
    throw networkFailure(error, { fail, displayUrl, timeoutMs, aborted: signal?.aborted === true, timedOut });
  } finally {
    clearTimeout(timer);
    stopForwarding();
  }
}
