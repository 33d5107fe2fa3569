import { type GenerationRequest, REQUEST_DEFAULTS } from '@medhelm/core';
import { describe, expect, it } from 'vitest';
import { toBatchStatus } from './create-chat-completions-batch.ts';
import { openAiBatchSchema } from './openai-batch-schema.ts';
import { readChatCompletionsBatchLine } from './read-chat-completions-batch-line.ts';

const request: GenerationRequest = {
  prompt: 'Answer:',
  temperature: 0,
  maxTokens: 20,
  stopSequences: ['###'],
  numCompletions: 1,
  topKPerToken: 1,
  ...REQUEST_DEFAULTS,
};

const reader = {
  prefix: 'openai model "o3-mini"',
  model: 'o3-mini',
  bodyOptions: { reasoning: true },
  request: (customId: string) => (customId === 'known' ? request : undefined),
  secrets: ['sk-line-secret'],
};

function outputLine(customId: string, statusCode: number, body: unknown): string {
  return JSON.stringify({
    id: 'batch_req_1',
    custom_id: customId,
    response: { status_code: statusCode, request_id: 'req_1', body },
    error: null,
  });
}

const completion = {
  id: 'chatcmpl-1',
  object: 'chat.completion',
  created: 1_750_000_000,
  model: 'o3-mini',
  choices: [{ index: 0, message: { role: 'assistant', content: 'B###and more' }, finish_reason: 'length' }],
  usage: { prompt_tokens: 7, completion_tokens: 30, total_tokens: 37 },
};

describe('readChatCompletionsBatchLine', () => {
  it("cuts a reasoning model's answer at the request's stop sequences, and dates it by `created`", () => {
    expect(readChatCompletionsBatchLine(outputLine('known', 200, completion), reader)).toStrictEqual({
      customId: 'known',
      result: {
        completions: [{ text: 'B', finishReason: 'stop' }],
        usage: { promptTokens: 7, completionTokens: 30 },
        requestTimeSeconds: 0,
        requestDatetime: 1_750_000_000,
      },
    });
  });

  it('leaves the answer whole when the request is not known', () => {
    const result = readChatCompletionsBatchLine(outputLine('unknown', 200, completion), reader);
    expect(result).toMatchObject({
      result: { completions: [{ text: 'B###and more', finishReason: 'length' }] },
    });
  });

  it.each([
    [429, true],
    [500, true],
    [400, false],
    [401, false],
  ])('a line answered %i is errored, retryable: %s', (status, retryable) => {
    const body = { error: { message: 'Rejected (sk-line-secret).', type: 'invalid_request_error' } };
    expect(readChatCompletionsBatchLine(outputLine('known', status, body), reader)).toStrictEqual({
      customId: 'known',
      error: {
        reason: 'errored',
        message: `openai model "o3-mini": HTTP ${status} in the batch: Rejected ([REDACTED]).`,
        retryable,
      },
    });
  });

  it.each([
    ['batch_expired', 'expired'],
    ['batch_cancelled', 'canceled'],
    ['server_error', 'errored'],
  ])('an error-file line %s is %s', (code, reason) => {
    const line = JSON.stringify({
      id: 'r',
      custom_id: 'x',
      response: null,
      error: { code, message: 'Not run.' },
    });
    expect(readChatCompletionsBatchLine(line, reader)).toMatchObject({ customId: 'x', error: { reason } });
  });

  it('a 200 that is not a chat completion is errored and retryable', () => {
    expect(readChatCompletionsBatchLine(outputLine('known', 200, { id: 'x' }), reader)).toMatchObject({
      error: { reason: 'errored', retryable: true },
    });
  });

  it('a line that is not JSON or names no custom id is skipped', () => {
    expect(readChatCompletionsBatchLine('{"response":', reader)).toBeUndefined();
    expect(readChatCompletionsBatchLine('{"response":null}', reader)).toBeUndefined();
  });
});

describe('toBatchStatus', () => {
  const batch = (fields: Record<string, unknown>) =>
    openAiBatchSchema.parse({ id: 'batch_1', object: 'batch', ...fields });

  it.each([
    ['validating', 'running'],
    ['in_progress', 'running'],
    ['finalizing', 'running'],
    ['cancelling', 'running'],
    ['completed', 'ended'],
    ['expired', 'ended'],
    ['cancelled', 'ended'],
    ['failed', 'ended'],
  ])('%s is %s', (status, state) => {
    expect(toBatchStatus(batch({ status })).state).toBe(state);
  });

  it('reads the counts and the expiry', () => {
    expect(
      toBatchStatus(
        batch({
          status: 'in_progress',
          expires_at: 1_750_086_400,
          request_counts: { total: 10, completed: 6, failed: 1 },
        }),
      ),
    ).toStrictEqual({
      state: 'running',
      providerStatus: 'in_progress',
      counts: { total: 10, succeeded: 6, failed: 1 },
      expiresAt: 1_750_086_400,
    });
  });

  it("a failed batch's failure is its errors' messages", () => {
    const failed = batch({
      status: 'failed',
      errors: {
        object: 'list',
        data: [
          { code: 'invalid_json_line', message: 'Line 3 is not JSON.', line: 3 },
          { code: 'invalid_url', message: 'Line 4 has another url.', line: 4 },
        ],
      },
    });
    expect(toBatchStatus(failed).failure).toBe('Line 3 is not JSON.; Line 4 has another url.');
  });
});
