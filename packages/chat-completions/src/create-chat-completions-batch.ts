import {
  type BatchApiV1,
  type BatchRequestResultV1,
  type BatchStatusV1,
  type GenerationRequest,
  ModelCallError,
} from '@medhelm/core';
import {
  type createHttpAgent,
  describeIssues,
  fileUploadForm,
  getLines,
  type JsonResponse,
  missingApiKeyError,
  requestJson,
  unexpectedResponseError,
} from '@medhelm/http';
import type { z } from 'zod';
import type { ChatCompletionsErrorHints } from './create-chat-completions-model.ts';
import { type OpenAiBatch, openAiBatchSchema, openAiFileSchema } from './openai-batch-schema.ts';
import { readChatCompletionsBatchLine } from './read-chat-completions-batch-line.ts';
import { refineChatCompletionsError } from './refine-chat-completions-error.ts';
import { type ChatCompletionBodyOptions, toChatCompletionBody } from './to-chat-completion-body.ts';

/**
 * Where and how a chat-completions model's batches go: OpenAI's Batch API and Azure OpenAI's
 * global batch speak one protocol (upload a JSONL file, create a batch of it, poll, download the
 * output and error files) under different paths, line URLs and model fields.
 */
export interface ChatCompletionsBatchEndpoint {
  /** The root the `/files` and `/batches` paths hang from: `https://api.openai.com/v1`, Azure `{endpoint}/openai`. */
  root: string;
  /** Appended to every batch URL: Azure's `?api-version=…`, or `''`. */
  query: string;
  /** The `url` of every line and the batch's `endpoint`: `/v1/chat/completions`, Azure `/chat/completions`. */
  endpoint: string;
  /** The `model` of every line's body (Azure: the deployment, which the synchronous path puts in the URL). */
  model: string;
  /** The provider's limits for one batch. */
  limits: BatchApiV1['limits'];
}

/** What a chat-completions model shares with its batch API: its endpoint, credentials, agent and dialect. */
export interface ChatCompletionsBatchConfig {
  /** Starts every error message (`openai model "gpt-4o"`). */
  prefix: string;
  endpoint: ChatCompletionsBatchEndpoint;
  /** Request headers, credentials included; kept in this closure only. */
  headers: Readonly<Record<string, string>>;
  bodyOptions: ChatCompletionBodyOptions;
  timeoutMs: number;
  agent: ReturnType<typeof createHttpAgent>;
  /** Redacted from every error and message. */
  secrets: readonly string[];
  /** Set when no call can be made (a missing key): every call fails as `doGenerate` does, without the network. */
  unavailable: { message: string; hint?: string } | undefined;
  hints: ChatCompletionsErrorHints | undefined;
}

/**
 * The batch API of a chat-completions model (OpenAI's Batch API, Azure OpenAI's global batch):
 * `encode` writes exactly the body `doGenerate` sends (with the model in it), `submit` uploads the
 * lines as a JSONL file (`purpose=batch`) and creates a 24-hour batch labelled
 * `metadata.medhelm_label`, `status` maps the batch object, `results` streams the output and error
 * files line by line through the synchronous path's parser, and `cancel` cancels. Errors are
 * ModelCallErrors refined as the synchronous path refines them, with no secret in them.
 */
export function createChatCompletionsBatch(config: ChatCompletionsBatchConfig): BatchApiV1 {
  const { endpoint, headers, secrets, prefix } = config;
  const url = (path: string) => `${endpoint.root}${path}${endpoint.query}`;

  function checkAvailable(): void {
    if (config.unavailable === undefined) return;
    throw missingApiKeyError(`${prefix}: ${config.unavailable.message}`, {
      url: url('/batches'),
      hint: config.unavailable.hint,
    });
  }

  async function call(
    method: 'GET' | 'POST',
    path: string,
    payload: string | ReturnType<typeof fileUploadForm> | undefined,
    signal: AbortSignal | undefined,
  ): Promise<JsonResponse> {
    checkAvailable();
    try {
      return await requestJson({
        providerId: prefix,
        method,
        url: url(path),
        headers,
        ...(payload === undefined ? {} : { payload }),
        timeoutMs: config.timeoutMs,
        ...(signal === undefined ? {} : { signal }),
        dispatcher: config.agent,
        secrets,
      });
    } catch (error) {
      throw refineChatCompletionsError(error, config.hints);
    }
  }

  function read<T>(schema: z.ZodType<T>, response: JsonResponse, what: string, path: string): T {
    const parsed = schema.safeParse(response.body);
    if (parsed.success) return parsed.data;
    throw unexpectedResponseError(
      `${prefix}: the response from ${url(path)} is not ${what} (${describeIssues(parsed.error.issues)})`,
      response,
      { url: url(path), secrets },
    );
  }

  async function batchObject(
    method: 'GET' | 'POST',
    path: string,
    signal: AbortSignal | undefined,
  ): Promise<OpenAiBatch> {
    return read(openAiBatchSchema, await call(method, path, undefined, signal), 'a batch object', path);
  }

  return {
    limits: endpoint.limits,
    encode: (customId: string, request: GenerationRequest) => [
      JSON.stringify({
        custom_id: customId,
        method: 'POST',
        url: endpoint.endpoint,
        body: toChatCompletionBody(endpoint.model, request, config.bodyOptions),
      }),
    ],
    async submit(lines, options) {
      checkAvailable();
      checkWithinLimits(lines, endpoint.limits, prefix, url('/files'));
      const form = fileUploadForm(
        { purpose: 'batch' },
        {
          name: `${options.label}.jsonl`,
          type: 'application/jsonl',
          parts: lines.flatMap((line) => [line, '\n']),
        },
      );
      const file = read(
        openAiFileSchema,
        await call('POST', '/files', form, options.signal),
        'a file object',
        '/files',
      );
      const created = await call(
        'POST',
        '/batches',
        JSON.stringify({
          input_file_id: file.id,
          endpoint: endpoint.endpoint,
          completion_window: '24h',
          metadata: { medhelm_label: options.label },
        }),
        options.signal,
      );
      return read(openAiBatchSchema, created, 'a batch object', '/batches').id;
    },
    async status(batchId, options = {}) {
      return toBatchStatus(
        await batchObject('GET', `/batches/${encodeURIComponent(batchId)}`, options.signal),
      );
    },
    async *results(batchId, options = {}): AsyncGenerator<BatchRequestResultV1> {
      const batch = await batchObject('GET', `/batches/${encodeURIComponent(batchId)}`, options.signal);
      const reader = {
        prefix,
        model: endpoint.model,
        bodyOptions: config.bodyOptions,
        request: options.request,
        secrets,
      };
      for (const fileId of [batch.output_file_id, batch.error_file_id]) {
        if (fileId === null || fileId === undefined || fileId === '') continue;
        const lines = getLines({
          providerId: prefix,
          url: url(`/files/${encodeURIComponent(fileId)}/content`),
          headers,
          timeoutMs: config.timeoutMs,
          ...(options.signal === undefined ? {} : { signal: options.signal }),
          dispatcher: config.agent,
          secrets,
        });
        try {
          for await (const line of lines) {
            const result = readChatCompletionsBatchLine(line, reader);
            if (result !== undefined) yield result;
          }
        } catch (error) {
          throw refineChatCompletionsError(error, config.hints);
        }
      }
    },
    async cancel(batchId, options = {}) {
      await batchObject('POST', `/batches/${encodeURIComponent(batchId)}/cancel`, options.signal);
    },
  };
}

// The batch statuses of https://platform.openai.com/docs/api-reference/batch/object: these four
// end a batch; validating, in_progress, finalizing and cancelling (and any status added later) are
// polled again.
const endedStatuses = new Set(['completed', 'expired', 'cancelled', 'failed']);

/** The engine's view of a batch object. */
export function toBatchStatus(batch: OpenAiBatch): BatchStatusV1 {
  const counts = batch.request_counts;
  const status: BatchStatusV1 = {
    state: endedStatuses.has(batch.status) ? 'ended' : 'running',
    providerStatus: batch.status,
    counts: {
      total: counts?.total ?? 0,
      succeeded: counts?.completed ?? 0,
      failed: counts?.failed ?? 0,
    },
  };
  if (typeof batch.expires_at === 'number') status.expiresAt = batch.expires_at;
  if (batch.status === 'failed') {
    const messages = (batch.errors?.data ?? [])
      .map((error) => error.message)
      .filter((message): message is string => typeof message === 'string' && message !== '');
    status.failure = messages.length > 0 ? messages.join('; ') : 'the batch failed';
  }
  return status;
}

/** Refuses a batch the provider would reject for its size, before anything is uploaded. */
function checkWithinLimits(
  lines: readonly string[],
  limits: BatchApiV1['limits'],
  prefix: string,
  displayUrl: string,
): void {
  const bytes = lines.reduce((total, line) => total + Buffer.byteLength(line) + 1, 0);
  const problem =
    lines.length === 0
      ? 'a batch needs at least one request'
      : lines.length > limits.maxRequests
        ? `${lines.length} requests are more than the ${limits.maxRequests} one batch may hold`
        : bytes > limits.maxBytes
          ? `${bytes} bytes of requests are more than the ${limits.maxBytes} one batch may hold`
          : undefined;
  if (problem !== undefined) {
    throw new ModelCallError(`${prefix}: ${problem}`, { url: displayUrl, isRetryable: false });
  }
}
