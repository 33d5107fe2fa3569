import { type BatchRequestResultV1, type GenerationRequest, REQUEST_DEFAULTS } from '@medhelm/core';
import { closeAfterEach, startMockModelServer } from '@medhelm/testing';
import { describe, expect, it } from 'vitest';
import { anthropicMessageBatchSchema } from './anthropic-batch-schema.ts';
import { toAnthropicBatchStatus } from './create-anthropic-batch.ts';
import { ANTHROPIC_VERSION, createAnthropicProvider, toAnthropicMessagesBody } from './index.ts';
import { readAnthropicBatchResults } from './read-anthropic-batch-results.ts';

const track = closeAfterEach();
const KEY = 'sk-ant-batch-test-9c8b7a';

const request: GenerationRequest = {
  prompt: 'Is warfarin an anticoagulant? Answer:',
  temperature: 0,
  maxTokens: 5,
  stopSequences: [],
  numCompletions: 3,
  topKPerToken: 1,
  ...REQUEST_DEFAULTS,
};

function message(text: string, inputTokens: number, outputTokens: number) {
  return {
    id: 'msg_1',
    type: 'message',
    role: 'assistant',
    content: [{ type: 'text', text }],
    stop_reason: 'end_turn',
    usage: { input_tokens: inputTokens, output_tokens: outputTokens },
  };
}

async function* linesOf(...lines: unknown[]): AsyncGenerator<string> {
  for (const line of lines) yield JSON.stringify(line);
}

async function read(lines: AsyncIterable<string>, known: boolean): Promise<BatchRequestResultV1[]> {
  const results: BatchRequestResultV1[] = [];
  const reader = {
    providerId: 'anthropic',
    modelId: 'claude-3-5-haiku-20241022',
    request: known ? () => request : undefined,
    secrets: [KEY],
  };
  for await (const result of readAnthropicBatchResults(lines, reader)) results.push(result);
  return results;
}

describe('Anthropic Message Batches', () => {
  it('posts one request object per completion, params exactly the Messages body, with the key headers', async () => {
    const server = track(await startMockModelServer({ wires: ['anthropic'], batch: {}, requireApiKey: KEY }));
    const model = track(
      createAnthropicProvider().languageModel('claude-3-5-haiku-20241022', {
        baseUrl: server.baseUrls.anthropic,
        env: { ANTHROPIC_API_KEY: KEY },
      }),
    );
    const batch = model.batch;
    if (batch === undefined) throw new Error('a Claude model has a batch API');
    const lines = batch.encode('medhelm-7', request);
    const batchId = await batch.submit(lines, { label: 'run' });
    expect(batchId).toMatch(/^msgbatch_/);
    const [create] = server.requests;
    expect(create?.route).toBe('/v1/messages/batches');
    expect(create?.headers['x-api-key']).toBe(KEY);
    expect(create?.headers['anthropic-version']).toBe(ANTHROPIC_VERSION);
    const params = toAnthropicMessagesBody('claude-3-5-haiku-20241022', request);
    expect(create?.body).toStrictEqual({
      requests: [0, 1, 2].map((index) => ({ custom_id: `medhelm-7-${index}`, params })),
    });
  });

  it("gathers a request's lines, in any order, into its completions with their usage summed", async () => {
    const results = await read(
      linesOf(
        { custom_id: 'r-2', result: { type: 'succeeded', message: message('third', 10, 3) } },
        { custom_id: 'r-0', result: { type: 'succeeded', message: message('first', 10, 1) } },
        { custom_id: 'r-1', result: { type: 'succeeded', message: message('second', 10, 2) } },
      ),
      true,
    );
    expect(results).toStrictEqual([
      {
        customId: 'r',
        result: {
          completions: [
            { text: 'first', finishReason: 'stop' },
            { text: 'second', finishReason: 'stop' },
            { text: 'third', finishReason: 'stop' },
          ],
          usage: { promptTokens: 30, completionTokens: 6 },
          requestTimeSeconds: 0,
          requestDatetime: expect.any(Number),
        },
      },
    ]);
  });

  it('without the requests, gathers each id at the end of the file', async () => {
    const results = await read(
      linesOf(
        { custom_id: 'a-0', result: { type: 'succeeded', message: message('one', 4, 1) } },
        { custom_id: 'b-0', result: { type: 'succeeded', message: message('two', 4, 1) } },
      ),
      false,
    );
    expect(results.map((result) => result.customId)).toStrictEqual(['a', 'b']);
  });

  it.each([
    ['overloaded_error', true],
    ['api_error', true],
    ['rate_limit_error', true],
    ['invalid_request_error', false],
  ])('one errored line (%s) makes the request errored, retryable: %s', async (type, retryable) => {
    const results = await read(
      linesOf(
        { custom_id: 'r-0', result: { type: 'succeeded', message: message('first', 10, 1) } },
        {
          custom_id: 'r-1',
          result: {
            type: 'errored',
            error: { type: 'error', error: { type, message: `Failed for ${KEY}.` } },
          },
        },
        { custom_id: 'r-2', result: { type: 'succeeded', message: message('third', 10, 1) } },
      ),
      true,
    );
    expect(results).toStrictEqual([
      {
        customId: 'r',
        error: {
          reason: 'errored',
          message: `anthropic: ${type} in the batch: Failed for [REDACTED].`,
          retryable,
        },
      },
    ]);
  });

  it('a request with lines missing from the results is errored and retryable', async () => {
    const results = await read(
      linesOf({ custom_id: 'r-0', result: { type: 'succeeded', message: message('first', 10, 1) } }),
      true,
    );
    expect(results).toMatchObject([{ customId: 'r', error: { reason: 'errored', retryable: true } }]);
  });

  it.each([
    ['in_progress', 'running'],
    ['canceling', 'running'],
    ['ended', 'ended'],
  ])('processing_status %s is %s, with counts and expiry read', (processingStatus, state) => {
    const batch = anthropicMessageBatchSchema.parse({
      id: 'msgbatch_1',
      type: 'message_batch',
      processing_status: processingStatus,
      request_counts: { processing: 4, succeeded: 3, errored: 1, canceled: 1, expired: 1 },
      expires_at: '2024-08-21T18:37:24.100435Z',
      results_url: null,
    });
    expect(toAnthropicBatchStatus(batch)).toStrictEqual({
      state,
      providerStatus: processingStatus,
      counts: { total: 10, succeeded: 3, failed: 3 },
      expiresAt: 1_724_265_444,
    });
  });
});
