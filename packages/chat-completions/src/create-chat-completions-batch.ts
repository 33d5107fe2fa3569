import type {
  BatchApiV1,
  BatchRequestResultV1,
  BatchResultsOptionsV1,
  BatchStatusV1,
  GenerationRequest,
} from '@medhelm/core';
import { ModelCallError } from '@medhelm/core';
import { fileUploadForm, getLines } from '@medhelm/http';
import type { ChatCompletionsBatchConfig } from './chat-completions-batch-config.ts';
import {
  type ChatCompletionsBatchTransport,
  createChatCompletionsBatchTransport,
} from './chat-completions-batch-transport.ts';
import { type OpenAiBatch, openAiBatchSchema, openAiFileSchema } from './openai-batch-schema.ts';
import { readChatCompletionsBatchLine } from './read-chat-completions-batch-line.ts';
import { refineChatCompletionsError } from './refine-chat-completions-error.ts';
import { toChatCompletionBody } from './to-chat-completion-body.ts';

/**
 * The batch API of a chat-completions model (OpenAI's Batch API, Azure OpenAI's global batch):
 * `encode` writes exactly the body `doGenerate` sends (with the model in it), `submit` uploads the
 * lines as a JSONL file (`purpose=batch`) and creates a 24-hour batch labelled
 * `metadata.medhelm_label`, `status` maps the batch object, `results` streams the output and error
 * files line by line through the synchronous path's parser, and `cancel` cancels. Errors are
 * ModelCallErrors refined as the synchronous path refines them, with no secret in them.
 */
export function createChatCompletionsBatch(config: ChatCompletionsBatchConfig): BatchApiV1 {
  const { endpoint, prefix } = config;
  const transport = createChatCompletionsBatchTransport(config);
  const { url, checkAvailable, call, read, batchObject } = transport;

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
    async *results(batchId, options = {}) {
      const batch = await batchObject('GET', `/batches/${encodeURIComponent(batchId)}`, options.signal);
      yield* readBatchFiles(config, transport, batch, options);
    },
    async cancel(batchId, options = {}) {
      await batchObject('POST', `/batches/${encodeURIComponent(batchId)}/cancel`, options.signal);
    },
  };
}

/**
 * The results of an ended batch: its output file, then its error file, streamed line by line through
 * the synchronous path's parser.
 */
async function* readBatchFiles(
  config: ChatCompletionsBatchConfig,
  transport: ChatCompletionsBatchTransport,
  batch: OpenAiBatch,
  options: BatchResultsOptionsV1,
): AsyncGenerator<BatchRequestResultV1> {
  const { prefix, secrets } = config;
  const reader = {
    prefix,
    model: config.endpoint.model,
    bodyOptions: config.bodyOptions,
    request: options.request,
    secrets,
  };
  for (const fileId of [batch.output_file_id, batch.error_file_id]) {
    if (fileId === null || fileId === undefined || fileId === '') continue;
    const lines = getLines({
      providerId: prefix,
      url: transport.url(`/files/${encodeURIComponent(fileId)}/content`),
      headers: config.headers,
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
