import { isRetryableStatus } from './is-retryable.ts';
import type { ModelCallFailure } from './model-call-failure.ts';

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

/** A complete HTTP response as received, before its status and body are judged. */
export interface ReceivedResponse {
  status: number;
  headers: Record<string, string>;
  text: string;
  elapsedSeconds: number;
}

/**
 * The parsed 2xx JSON response, or the ModelCallError thrown for it: a non-2xx status (retryable
 * as isRetryableStatus says, with the API's own message) or a 2xx whose body is not JSON.
 */
export function jsonResponseOf(
  received: ReceivedResponse,
  fail: ModelCallFailure,
  displayUrl: string,
): JsonResponse {
  const { status, headers, text, elapsedSeconds } = received;
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
