import { ModelCallError } from '@medhelm/core';
import { type GeminiErrorBody, geminiErrorBodySchema } from './gemini-response-schema.ts';

const RETRY_INFO_TYPE = 'type.googleapis.com/google.rpc.RetryInfo';
const ERROR_INFO_TYPE = 'type.googleapis.com/google.rpc.ErrorInfo';

/**
 * Adds what Gemini's error body says to a ModelCallError from `postJson`: the RPC status
 * (`RESOURCE_EXHAUSTED`, `UNAVAILABLE`, ...) in the message and a hint of what to do. When a
 * retryable error's body carries a `google.rpc.RetryInfo` delay (Gemini's 429s say "retry in 37s"
 * there, not in a header) and the response has no `retry-after` header, the delay is added as
 * `retry-after` (whole seconds, rounded up) so the engine's retry waits as long as asked. Status,
 * body excerpt and `isRetryable` are kept; errors without a status are returned untouched.
 */
export function toGeminiModelCallError(error: ModelCallError, apiKeyEnvVar: string): ModelCallError {
  if (error.status === undefined) return error;
  const body = parseErrorBody(error.body);
  const rpcStatus = body?.error.status;
  const headers = { ...error.headers };
  const retryDelaySeconds = body === undefined ? undefined : retryDelay(body);
  if (error.isRetryable && retryDelaySeconds !== undefined && headers['retry-after'] === undefined) {
    headers['retry-after'] = String(Math.ceil(retryDelaySeconds));
  }
  return new ModelCallError(
    rpcStatus === undefined ? error.message : `${error.message} [${rpcStatus}]`,
    { url: error.url, status: error.status, headers, body: error.body, isRetryable: error.isRetryable },
    { hint: hintFor(body, error.status, apiKeyEnvVar) ?? error.hint, cause: error },
  );
}

function parseErrorBody(text: string | undefined): GeminiErrorBody | undefined {
  if (text === undefined) return undefined;
  try {
    const parsed = geminiErrorBodySchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

// RetryInfo.retryDelay is a protobuf Duration in JSON: decimal seconds with an `s` ("37s", "1.5s").
function retryDelay(body: GeminiErrorBody): number | undefined {
  for (const detail of body.error.details ?? []) {
    if (detail['@type'] !== RETRY_INFO_TYPE) continue;
    const match = /^(\d+(?:\.\d+)?)s$/.exec(String(detail.retryDelay ?? '').trim());
    if (match?.[1] !== undefined) return Number(match[1]);
  }
  return undefined;
}

function errorInfoReason(body: GeminiErrorBody | undefined): string | undefined {
  const info = body?.error.details?.find((detail) => detail['@type'] === ERROR_INFO_TYPE);
  return typeof info?.reason === 'string' ? info.reason : undefined;
}

// From the Gemini API troubleshooting guide's table of backend error codes.
function hintFor(
  body: GeminiErrorBody | undefined,
  status: number,
  apiKeyEnvVar: string,
): string | undefined {
  const rpcStatus = body?.error.status;
  const reason = errorInfoReason(body);
  if (reason === 'API_KEY_INVALID' || status === 401) {
    return `Check the Gemini API key in ${apiKeyEnvVar} (or name another variable with --api-key-env).`;
  }
  if (rpcStatus === 'FAILED_PRECONDITION') {
    return 'The Gemini API free tier is not available here; enable billing for the project in Google AI Studio.';
  }
  if (rpcStatus === 'PERMISSION_DENIED' || status === 403) {
    return `The key in ${apiKeyEnvVar} may not use this model (or the Generative Language API is not enabled for its project).`;
  }
  if (rpcStatus === 'NOT_FOUND' || status === 404) {
    return 'Check the model id (e.g. google:gemini-2.0-flash) and the base URL.';
  }
  if (rpcStatus === 'RESOURCE_EXHAUSTED' || status === 429) {
    return 'The Gemini quota or rate limit of this key is exhausted; lower --concurrency, wait, or raise the quota.';
  }
  if (rpcStatus === 'UNAVAILABLE' || status === 503) {
    return 'The Gemini model is overloaded or unavailable for the moment; the call is retried with backoff.';
  }
  if (rpcStatus === 'DEADLINE_EXCEEDED' || status === 504) {
    return 'Gemini could not finish in time; a very long prompt can cause this.';
  }
  if (rpcStatus === 'INTERNAL' || status === 500) {
    return 'An internal Gemini error; it is retried. If it persists, a very long prompt can be the cause.';
  }
  return undefined;
}
