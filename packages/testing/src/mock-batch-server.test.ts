import { afterEach, describe, expect, it } from 'vitest';
import type { MockBatchOptions } from './mock-batch-options.ts';
import { type MockModelServer, startMockModelServer } from './mock-model-server.ts';
import type { MockModelCall } from './mock-wire.ts';

let server: MockModelServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

const JUDGE_PROMPT = `Evaluate the note.
Output the evaluation as a single valid JSON object matching the following structure:
{
    "accuracy": {"score": 0, "explanation": "Explain why this score was given."},
    "completeness": {"score": 0, "explanation": "Explain why this score was given."},
    "clarity": {"score": 0, "explanation": "Explain why this score was given."}
}`;

async function start(batch: MockBatchOptions = {}, reply?: (call: MockModelCall) => string) {
  server = await startMockModelServer({
    batch,
    ...(reply === undefined ? {} : { reply }),
    jury: { score: 3 },
  });
  return server;
}

async function call(
  method: string,
  path: string,
  body?: string | FormData,
  headers: Record<string, string> = {},
) {
  if (server === undefined) throw new Error('no server');
  const response = await fetch(`${server.origin}${path}`, {
    method,
    headers: typeof body === 'string' ? { 'content-type': 'application/json', ...headers } : headers,
    ...(body === undefined ? {} : { body }),
  });
  const text = await response.text();
  return { status: response.status, text, json: () => JSON.parse(text) as Record<string, unknown> };
}

function chatLine(
  customId: string,
  content: string,
  url = '/v1/chat/completions',
  model: unknown = 'gpt-4o',
) {
  return JSON.stringify({
    custom_id: customId,
    method: 'POST',
    url,
    body: { model, messages: [{ role: 'user', content }], max_tokens: 5 },
  });
}

/** Uploads `lines` and creates a batch of them on the OpenAI (or Azure) routes; returns the created object. */
async function createOpenAiBatch(
  lines: readonly string[],
  root = '/v1',
  query = '',
  endpoint = '/v1/chat/completions',
) {
  const form = new FormData();
  form.append('purpose', 'batch');
  form.append('file', new Blob([`${lines.join('\n')}\n`]), 'input.jsonl');
  const upload = await call('POST', `${root}/files${query}`, form);
  expect(upload.status).toBe(200);
  const file = upload.json();
  const created = await call(
    'POST',
    `${root}/batches${query}`,
    JSON.stringify({
      input_file_id: file.id,
      endpoint,
      completion_window: '24h',
      metadata: { medhelm_label: 'l' },
    }),
  );
  expect(created.status).toBe(200);
  return { file, batch: created.json() };
}

async function linesOfFile(fileId: unknown, root = '/v1', query = ''): Promise<Record<string, unknown>[]> {
  const content = await call('GET', `${root}/files/${String(fileId)}/content${query}`);
  return content.text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('mock batch APIs: OpenAI', () => {
  it('walks a batch validating → in_progress → completed with the documented object and files', async () => {
    await start({ inProgressPolls: 1 }, (call) => `echo ${call.prompt}`);
    const { file, batch } = await createOpenAiBatch([chatLine('a', 'first'), chatLine('b', 'second')]);
    expect(file).toMatchObject({
      object: 'file',
      purpose: 'batch',
      filename: 'input.jsonl',
      status: 'processed',
    });
    expect(Object.keys(batch).sort()).toStrictEqual(
      [
        'id',
        'object',
        'endpoint',
        'errors',
        'input_file_id',
        'completion_window',
        'status',
        'output_file_id',
        'error_file_id',
        'created_at',
        'in_progress_at',
        'expires_at',
        'finalizing_at',
        'completed_at',
        'failed_at',
        'expired_at',
        'cancelling_at',
        'cancelled_at',
        'request_counts',
        'metadata',
      ].sort(),
    );
    expect(batch).toMatchObject({
      object: 'batch',
      status: 'validating',
      output_file_id: null,
      metadata: { medhelm_label: 'l' },
    });
    expect(batch.expires_at).toBe(Number(batch.created_at) + 86_400);

    const first = (await call('GET', `/v1/batches/${batch.id}`)).json();
    expect(first).toMatchObject({ status: 'in_progress', completed_at: null });
    expect(typeof first.in_progress_at).toBe('number');
    const second = (await call('GET', `/v1/batches/${batch.id}`)).json();
    expect(second).toMatchObject({
      status: 'completed',
      error_file_id: null,
      request_counts: { total: 2, completed: 2, failed: 0 },
    });
    expect(typeof second.completed_at).toBe('number');

    const output = await linesOfFile(second.output_file_id);
    expect(output.map((line) => line.custom_id)).toStrictEqual(['a', 'b']);
    expect(output[1]).toMatchObject({
      response: {
        status_code: 200,
        body: { object: 'chat.completion', choices: [{ message: { content: 'echo second' } }] },
      },
      error: null,
    });
    expect(server?.batches).toStrictEqual([
      { id: batch.id, wire: 'openai', lineCount: 2, status: 'completed', order: 0, label: 'l', polls: 2 },
    ]);
    expect(server?.syncCallCount).toBe(0);
    expect(server?.batchLineCount).toBe(2);
  });

  it('answers a line exactly as the synchronous endpoint: the jury logic, and its validation', async () => {
    await start();
    const { batch } = await createOpenAiBatch([
      chatLine('judge', JUDGE_PROMPT),
      chatLine('bad', 'x', undefined, 7),
    ]);
    const ended = (await call('GET', `/v1/batches/${batch.id}`)).json();
    const [answered] = await linesOfFile(ended.output_file_id);
    const synchronous = await call(
      'POST',
      '/v1/chat/completions',
      JSON.stringify(JSON.parse(chatLine('s', JUDGE_PROMPT)).body),
    );
    const contentOf = (body: unknown) =>
      (body as { choices: { message: { content: string } }[] }).choices[0]?.message.content;
    const answeredBody = (answered?.response as { body: unknown } | undefined)?.body;
    expect(contentOf(answeredBody)).toBe(contentOf(synchronous.json()));
    const rejectedSynchronously = await call(
      'POST',
      '/v1/chat/completions',
      JSON.stringify({ model: 7, messages: [{ role: 'user', content: 'x' }] }),
    );
    const [rejected] = await linesOfFile(ended.error_file_id);
    expect(rejected).toMatchObject({
      custom_id: 'bad',
      response: { status_code: rejectedSynchronously.status, body: rejectedSynchronously.json() },
    });
    expect(server?.syncCallCount).toBe(1);
    expect(server?.batchLineCount).toBe(1);
  });

  it('fails a batch whose file repeats a custom id, naming the line', async () => {
    await start();
    const { batch } = await createOpenAiBatch([chatLine('a', 'x'), chatLine('a', 'y')]);
    const failed = (await call('GET', `/v1/batches/${batch.id}`)).json();
    expect(failed).toMatchObject({ status: 'failed', output_file_id: null });
    expect(JSON.stringify(failed.errors)).toContain("line 2: the custom_id 'a' is used twice");
  });

  it('errors chosen lines, expires the last ones, and cancels', async () => {
    await start({ lineErrors: { count: 1, status: 503 }, expireLines: 1 });
    const { batch } = await createOpenAiBatch([chatLine('a', 'x'), chatLine('b', 'y'), chatLine('c', 'z')]);
    const ended = (await call('GET', `/v1/batches/${batch.id}`)).json();
    expect(ended).toMatchObject({ status: 'expired', request_counts: { total: 3, completed: 1, failed: 2 } });
    const errors = await linesOfFile(ended.error_file_id);
    expect(errors).toMatchObject([
      { custom_id: 'a', response: { status_code: 503 }, error: null },
      { custom_id: 'c', response: null, error: { code: 'batch_expired' } },
    ]);
  });

  it('a cancelled batch runs no line', async () => {
    await start({ inProgressPolls: 3 });
    const { batch } = await createOpenAiBatch([chatLine('a', 'x')]);
    expect((await call('POST', `/v1/batches/${batch.id}/cancel`)).json()).toMatchObject({
      status: 'cancelling',
    });
    const ended = (await call('GET', `/v1/batches/${batch.id}`)).json();
    expect(ended).toMatchObject({ status: 'cancelled' });
    expect(await linesOfFile(ended.error_file_id)).toMatchObject([
      { custom_id: 'a', error: { code: 'batch_cancelled' } },
    ]);
    expect(server?.batchLineCount).toBe(0);
  });
});

describe('mock batch APIs: Azure', () => {
  it('serves /openai/files and /openai/batches with api-version, lines naming the deployment', async () => {
    await start();
    expect((await call('GET', '/openai/batches/batch_x')).status).toBe(404);
    const query = '?api-version=2024-10-21';
    const line = chatLine('a', 'x', '/chat/completions', 'my-deployment');
    const { batch } = await createOpenAiBatch([line], '/openai', query, '/chat/completions');
    const ended = (await call('GET', `/openai/batches/${batch.id}${query}`)).json();
    const [output] = await linesOfFile(ended.output_file_id, '/openai', query);
    expect(output).toMatchObject({ response: { status_code: 200, body: { model: 'my-deployment' } } });
    expect(server?.batches[0]?.wire).toBe('azure');
  });
});

describe('mock batch APIs: Anthropic', () => {
  const headers = { 'x-api-key': 'k', 'anthropic-version': '2023-06-01' };
  const params = (content: string) => ({
    model: 'claude-3-5-haiku-20241022',
    max_tokens: 5,
    messages: [{ role: 'user', content }],
  });

  it('creates, polls and reads a Message Batch with the documented fields and result lines', async () => {
    await start(
      { inProgressPolls: 1, lineErrors: { customIds: ['bad'], status: 529 } },
      (call) => `echo ${call.prompt}`,
    );
    const body = JSON.stringify({
      requests: [
        { custom_id: 'good', params: params('hello') },
        { custom_id: 'bad', params: params('x') },
        { custom_id: 'invalid', params: { ...params('y'), stop_sequences: ['\n'] } },
      ],
    });
    const created = (await call('POST', '/v1/messages/batches', body, headers)).json();
    expect(Object.keys(created).sort()).toStrictEqual(
      [
        'id',
        'type',
        'processing_status',
        'request_counts',
        'ended_at',
        'created_at',
        'expires_at',
        'cancel_initiated_at',
        'archived_at',
        'results_url',
      ].sort(),
    );
    expect(created).toMatchObject({
      type: 'message_batch',
      processing_status: 'in_progress',
      request_counts: { processing: 3, succeeded: 0, errored: 0, canceled: 0, expired: 0 },
      results_url: null,
      ended_at: null,
    });
    expect(String(created.id)).toMatch(/^msgbatch_/);
    expect(Date.parse(String(created.expires_at)) - Date.parse(String(created.created_at))).toBe(86_400_000);
    expect((await call('GET', `/v1/messages/batches/${created.id}/results`, undefined, headers)).status).toBe(
      400,
    );

    expect(
      (await call('GET', `/v1/messages/batches/${created.id}`, undefined, headers)).json(),
    ).toMatchObject({ processing_status: 'in_progress' });
    const ended = (await call('GET', `/v1/messages/batches/${created.id}`, undefined, headers)).json();
    expect(ended).toMatchObject({
      processing_status: 'ended',
      request_counts: { processing: 0, succeeded: 1, errored: 2 },
    });
    expect(ended.results_url).toBe(`${server?.origin}/v1/messages/batches/${created.id}/results`);
    const results = (await call('GET', `/v1/messages/batches/${created.id}/results`, undefined, headers)).text
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as unknown);
    expect(results).toMatchObject([
      {
        custom_id: 'good',
        result: {
          type: 'succeeded',
          message: { type: 'message', content: [{ type: 'text', text: 'echo hello' }] },
        },
      },
      {
        custom_id: 'bad',
        result: { type: 'errored', error: { type: 'error', error: { type: 'overloaded_error' } } },
      },
      {
        custom_id: 'invalid',
        result: {
          type: 'errored',
          error: {
            error: {
              type: 'invalid_request_error',
              message: 'stop_sequences: each stop sequence must contain non-whitespace',
            },
          },
        },
      },
    ]);
  });

  it('rejects a batch failing validation, and one without anthropic-version, on creation', async () => {
    await start({ failValidation: 'requests: too large' });
    const body = JSON.stringify({ requests: [{ custom_id: 'a', params: params('x') }] });
    const rejected = await call('POST', '/v1/messages/batches', body, headers);
    expect(rejected.status).toBe(400);
    expect(rejected.json()).toMatchObject({
      type: 'error',
      error: { type: 'invalid_request_error', message: 'requests: too large' },
    });
    expect((await call('POST', '/v1/messages/batches', body, { 'x-api-key': 'k' })).status).toBe(400);
    expect(server?.batches).toHaveLength(0);
  });

  it('cancels: canceling, then ended with every unfinished request canceled', async () => {
    await start({ inProgressPolls: 2 });
    const body = JSON.stringify({ requests: [{ custom_id: 'a', params: params('x') }] });
    const created = (await call('POST', '/v1/messages/batches', body, headers)).json();
    const canceling = (
      await call('POST', `/v1/messages/batches/${created.id}/cancel`, undefined, headers)
    ).json();
    expect(canceling).toMatchObject({ processing_status: 'canceling' });
    expect(typeof canceling.cancel_initiated_at).toBe('string');
    const ended = (await call('GET', `/v1/messages/batches/${created.id}`, undefined, headers)).json();
    expect(ended).toMatchObject({ processing_status: 'ended', request_counts: { canceled: 1 } });
    const results = await call('GET', `/v1/messages/batches/${created.id}/results`, undefined, headers);
    expect(JSON.parse(results.text.trim())).toStrictEqual({ custom_id: 'a', result: { type: 'canceled' } });
  });
});
