import { type BatchApiV1, type BatchStatusV1, type GenerationRequest, ModelCallError } from '@medhelm/core';
import {
  type createHttpAgent,
  describeIssues,
  getLines,
  type JsonResponse,
  missingApiKeyError,
  requestJson,
  unexpectedResponseError,
} from '@medhelm/http';
import { type AnthropicMessageBatch, anthropicMessageBatchSchema } from './anthropic-batch-schema.ts';
import { anthropicBatchLineId, readAnthropicBatchResults } from './read-anthropic-batch-results.ts';
import { toAnthropicMessagesBody } from './to-anthropic-messages-body.ts';
import { toAnthropicModelCallError } from './to-anthropic-model-call-error.ts';

/**
 * The limits of one Message Batch: 100,000 requests and 256 MB
 * (https://platform.claude.com/docs/en/build-with-claude/batch-processing, "Batch limitations";
 * checked 2026-12-07), counted in decimal megabytes to stay on the safe side. A request of n
 * completions takes n of them.
 */
export const ANTHROPIC_BATCH_LIMITS = { maxRequests: 100_000, maxBytes: 256_000_000 } as const;

/** What a Claude model shares with its batch API. */
export interface AnthropicBatchConfig {
  providerId: string;
  modelId: string;
  /** The API root without `/v1`. */
  baseUrl: string;
  /** Request headers with the key and `anthropic-version`, or undefined when the key is missing. */
  headers: Readonly<Record<string, string>> | undefined;
  /** Why no call can be made (the key's variable is unset), when none can. */
  missingKey: { message: string; hint: string };
  apiKeyEnvVar: string;
  timeoutMs: number;
  agent: ReturnType<typeof createHttpAgent>;
  secrets: readonly string[];
}

/**
 * Anthropic's Message Batches for a Claude model: `encode` writes one request object
 * `{ custom_id, params }` per completion (params exactly `doGenerate`'s body, ids
 * `<customId>-<i>`), `submit` posts them as one `{ requests: [...] }` body (the API keeps no
 * label), `status` maps the MessageBatch object, `results` streams `results_url` and gathers each
 * request's lines back, and `cancel` cancels. Errors are ModelCallErrors as `doGenerate` makes
 * them (a missing key fails without the network), with no secret in them.
 */
export function createAnthropicBatch(config: AnthropicBatchConfig): BatchApiV1 {
  const { providerId, baseUrl, secrets } = config;
  const batchesUrl = `${baseUrl}/v1/messages/batches`;

  function headersOrFail(): Readonly<Record<string, string>> {
    if (config.headers !== undefined) return config.headers;
    throw missingApiKeyError(`${providerId}: ${config.missingKey.message}`, {
      url: batchesUrl,
      hint: config.missingKey.hint,
    });
  }

  async function call(
    method: 'GET' | 'POST',
    url: string,
    payload: string | undefined,
    signal: AbortSignal | undefined,
  ): Promise<AnthropicMessageBatch> {
    const headers = headersOrFail();
    let response: JsonResponse;
    try {
      response = await requestJson({
        providerId,
        method,
        url,
        headers,
        ...(payload === undefined ? {} : { payload }),
        timeoutMs: config.timeoutMs,
        ...(signal === undefined ? {} : { signal }),
        dispatcher: config.agent,
        secrets,
      });
    } catch (error) {
      throw ModelCallError.isInstance(error) ? toAnthropicModelCallError(error, config.apiKeyEnvVar) : error;
    }
    const parsed = anthropicMessageBatchSchema.safeParse(response.body);
    if (parsed.success) return parsed.data;
    throw unexpectedResponseError(
      `${providerId}: the response from ${url} is not a Message Batch (${describeIssues(parsed.error.issues)})`,
      response,
      { url, secrets },
    );
  }

  const batchUrl = (batchId: string) => `${batchesUrl}/${encodeURIComponent(batchId)}`;

  return {
    limits: ANTHROPIC_BATCH_LIMITS,
    encode(customId: string, request: GenerationRequest) {
      const params = toAnthropicMessagesBody(config.modelId, request);
      return Array.from({ length: request.numCompletions }, (_, index) =>
        JSON.stringify({ custom_id: anthropicBatchLineId(customId, index), params }),
      );
    },
    async submit(lines, options) {
      headersOrFail();
      checkWithinLimits(lines, providerId, batchesUrl);
      const batch = await call('POST', batchesUrl, `{"requests":[${lines.join(',')}]}`, options.signal);
      return batch.id;
    },
    async status(batchId, options = {}) {
      return toAnthropicBatchStatus(await call('GET', batchUrl(batchId), undefined, options.signal));
    },
    async *results(batchId, options = {}) {
      const batch = await call('GET', batchUrl(batchId), undefined, options.signal);
      if (batch.results_url === null || batch.results_url === undefined) return;
      const lines = getLines({
        providerId,
        url: resultsUrl(batch.results_url, baseUrl, `${batchUrl(batchId)}/results`),
        headers: headersOrFail(),
        timeoutMs: config.timeoutMs,
        ...(options.signal === undefined ? {} : { signal: options.signal }),
        dispatcher: config.agent,
        secrets,
      });
      try {
        yield* readAnthropicBatchResults(lines, {
          providerId,
          modelId: config.modelId,
          request: options.request,
          secrets,
        });
      } catch (error) {
        throw ModelCallError.isInstance(error)
          ? toAnthropicModelCallError(error, config.apiKeyEnvVar)
          : error;
      }
    },
    async cancel(batchId, options = {}) {
      await call('POST', `${batchUrl(batchId)}/cancel`, undefined, options.signal);
    },
  };
}

/**
 * The engine's view of a MessageBatch: `in_progress` and `canceling` run, `ended` has ended.
 * Counts are of lines, which are requests unless a request asked for several completions.
 */
export function toAnthropicBatchStatus(batch: AnthropicMessageBatch): BatchStatusV1 {
  const counts = batch.request_counts;
  const failed = (counts?.errored ?? 0) + (counts?.canceled ?? 0) + (counts?.expired ?? 0);
  const succeeded = counts?.succeeded ?? 0;
  const status: BatchStatusV1 = {
    state: batch.processing_status === 'ended' ? 'ended' : 'running',
    providerStatus: batch.processing_status,
    counts: { total: (counts?.processing ?? 0) + succeeded + failed, succeeded, failed },
  };
  const expiresAt = batch.expires_at ? Date.parse(batch.expires_at) : Number.NaN;
  if (Number.isFinite(expiresAt)) status.expiresAt = Math.floor(expiresAt / 1000);
  return status;
}

// The results are fetched from `results_url` as the API says, unless it points at another origin
// than the one configured (a proxy's base URL): the key is never sent anywhere else, and the
// documented path under the base URL is read instead.
function resultsUrl(reported: string, baseUrl: string, documented: string): string {
  try {
    return new URL(reported).origin === new URL(baseUrl).origin ? reported : documented;
  } catch {
    return documented;
  }
}

/** Refuses a batch the API would reject for its size, before it is sent. */
function checkWithinLimits(lines: readonly string[], providerId: string, url: string): void {
  const { maxRequests, maxBytes } = ANTHROPIC_BATCH_LIMITS;
  // The body: `{"requests":[` + the lines joined by commas + `]}`.
  const bytes = lines.reduce((total, line) => total + Buffer.byteLength(line) + 1, 15);
  const problem =
    lines.length === 0
      ? 'a batch needs at least one request'
      : lines.length > maxRequests
        ? `${lines.length} requests are more than the ${maxRequests} one batch may hold`
        : bytes > maxBytes
          ? `${bytes} bytes of requests are more than the ${maxBytes} one batch may hold`
          : undefined;
  if (problem !== undefined)
    throw new ModelCallError(`${providerId}: ${problem}`, { url, isRetryable: false });
}
