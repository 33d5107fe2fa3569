import { afterEach, describe, expect, it } from 'vitest';
import {
  type MockModelServer,
  type MockModelServerOptions,
  startMockModelServer,
} from './mock-model-server.ts';
import type { MockModelCall } from './mock-wire.ts';

let server: MockModelServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function start(options?: MockModelServerOptions): Promise<MockModelServer> {
  server = await startMockModelServer(options);
  return server;
}

async function post(
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Headers; json: Record<string, unknown> }> {
  if (server === undefined) throw new Error('no server');
  const response = await fetch(`${server.origin}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return {
    status: response.status,
    headers: response.headers,
    json: (await response.json()) as Record<string, unknown>,
  };
}

const ANTHROPIC_HEADERS = { 'x-api-key': 'k', 'anthropic-version': '2023-06-01' };
const anthropicBody = {
  model: 'claude-test',
  max_tokens: 5,
  system: 'Be brief.',
  messages: [{ role: 'user', content: 'Is this a question?' }],
  temperature: 0,
  stop_sequences: ['###'],
};
const geminiPath = '/v1beta/models/gemini-test:generateContent';
const geminiBody = {
  contents: [{ role: 'user', parts: [{ text: 'Is this a question?' }] }],
  systemInstruction: { parts: [{ text: 'Be brief.' }] },
  generationConfig: { temperature: 0, maxOutputTokens: 5, stopSequences: ['###'], candidateCount: 2 },
};
const azurePath = '/openai/deployments/gpt-4o-prod/chat/completions?api-version=2024-10-21';
const chatBody = { model: 'mock-model', messages: [{ role: 'user', content: 'Is this a question?' }] };

describe('startMockModelServer', () => {
  it('listens on 127.0.0.1 and gives each wire its base URL', async () => {
    const mock = await start();
    expect(mock.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(mock.baseUrl).toBe(`${mock.origin}/v1`);
    expect(mock.baseUrls).toEqual({
      openai: `${mock.origin}/v1`,
      azure: mock.origin,
      anthropic: mock.origin,
      gemini: mock.origin,
    });
  });

  it('passes each wire a neutral view of the call and records it with the request', async () => {
    const calls: [MockModelCall, number][] = [];
    const mock = await start({
      reply: (call, index) => {
        calls.push([call, index]);
        return 'ok';
      },
    });
    await post('/v1/chat/completions', {
      model: 'gpt',
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: [{ type: 'text', text: 'Part one.' }] },
        { role: 'assistant', content: 'Yes.' },
        { role: 'user', content: 'Part two.' },
      ],
      max_completion_tokens: 9,
      stop: '\n',
      n: 2,
    });
    await post(azurePath, chatBody, { 'api-key': 'k' });
    await post('/v1/messages', anthropicBody, ANTHROPIC_HEADERS);
    await post(geminiPath, geminiBody, { 'x-goog-api-key': 'k' });
    const views = calls.map(([{ body: _body, ...view }, index]) => ({ ...view, index }));
    expect(views).toEqual([
      {
        wire: 'openai',
        model: 'gpt',
        prompt: 'Part one.\nPart two.',
        system: 'Be brief.',
        messages: [
          { role: 'system', text: 'Be brief.' },
          { role: 'user', text: 'Part one.' },
          { role: 'assistant', text: 'Yes.' },
          { role: 'user', text: 'Part two.' },
        ],
        maxTokens: 9,
        temperature: undefined,
        stopSequences: ['\n'],
        n: 2,
        index: 0,
      },
      {
        wire: 'azure',
        model: 'gpt-4o-prod',
        prompt: 'Is this a question?',
        system: undefined,
        messages: [{ role: 'user', text: 'Is this a question?' }],
        maxTokens: undefined,
        temperature: undefined,
        stopSequences: undefined,
        n: undefined,
        index: 1,
      },
      {
        wire: 'anthropic',
        model: 'claude-test',
        prompt: 'Is this a question?',
        system: 'Be brief.',
        messages: [{ role: 'user', text: 'Is this a question?' }],
        maxTokens: 5,
        temperature: 0,
        stopSequences: ['###'],
        n: undefined,
        index: 2,
      },
      {
        wire: 'gemini',
        model: 'gemini-test',
        prompt: 'Is this a question?',
        system: 'Be brief.',
        messages: [{ role: 'user', text: 'Is this a question?' }],
        maxTokens: 5,
        temperature: 0,
        stopSequences: ['###'],
        n: 2,
        index: 3,
      },
    ]);
    expect(calls[3]?.[0].body).toEqual(geminiBody);
    const azure = mock.requests[1];
    expect(azure).toMatchObject({
      method: 'POST',
      path: azurePath,
      route: '/openai/deployments/gpt-4o-prod/chat/completions',
      query: { 'api-version': '2024-10-21' },
      wire: 'azure',
      callIndex: 1,
      fault: undefined,
      response: { status: 200, headers: { 'content-type': 'application/json' } },
    });
    expect(azure?.headers['api-key']).toBe('k');
    expect(azure?.call?.model).toBe('gpt-4o-prod');
    expect(azure?.receivedAt).toBeGreaterThan(Date.now() - 10_000);
    expect(azure?.response?.sentAt).toBeGreaterThanOrEqual(azure?.receivedAt ?? Number.NaN);
    expect(JSON.parse(azure?.response?.body ?? '')).toMatchObject({ object: 'chat.completion' });
  });

  it('speaks Anthropic Messages: text blocks, stop reasons, usage and stop_sequence', async () => {
    await start({
      reply: (_call, index) =>
        [
          {},
          {
            content: ['one', ' two'],
            finishReason: 'length',
            usage: { prompt_tokens: 11, completion_tokens: 7 },
          },
          { finishReason: 'stop_sequence', model: 'claude-test-20250101' },
          { content: null, finishReason: 'content_filter', usage: null },
        ][index] ?? {},
    });
    const first = await post('/v1/messages', anthropicBody, ANTHROPIC_HEADERS);
    expect(first.status).toBe(200);
    expect(first.json).toEqual({
      id: 'msg_mock_0',
      type: 'message',
      role: 'assistant',
      model: 'claude-test',
      content: [{ type: 'text', text: 'A' }],
      stop_reason: 'end_turn',
      stop_sequence: null,
      usage: {
        input_tokens: 6,
        output_tokens: 1,
        cache_creation_input_tokens: 0,
        cache_read_input_tokens: 0,
      },
    });
    const second = (await post('/v1/messages', anthropicBody, ANTHROPIC_HEADERS)).json;
    expect(second).toMatchObject({
      content: [
        { type: 'text', text: 'one' },
        { type: 'text', text: ' two' },
      ],
      stop_reason: 'max_tokens',
      usage: { input_tokens: 11, output_tokens: 7 },
    });
    const third = (await post('/v1/messages', anthropicBody, ANTHROPIC_HEADERS)).json;
    expect(third).toMatchObject({
      stop_reason: 'stop_sequence',
      stop_sequence: '###',
      model: 'claude-test-20250101',
    });
    const fourth = (await post('/v1/messages', anthropicBody, ANTHROPIC_HEADERS)).json;
    expect(fourth).toMatchObject({ content: [], stop_reason: 'refusal' });
    expect(fourth).not.toHaveProperty('usage');
  });

  it('sends Anthropic errors as { type: "error", error }; requires anthropic-version, max_tokens, messages and non-blank stops', async () => {
    await start({ reply: () => ({ status: 429, headers: { 'retry-after': '2' } }) });
    const limited = await post('/v1/messages', anthropicBody, ANTHROPIC_HEADERS);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('2');
    expect(limited.json).toEqual({
      type: 'error',
      error: { type: 'rate_limit_error', message: 'Mock error with status 429.' },
    });
    const noVersion = await post('/v1/messages', anthropicBody, { 'x-api-key': 'k' });
    expect(noVersion.status).toBe(400);
    expect(noVersion.json).toEqual({
      type: 'error',
      error: { type: 'invalid_request_error', message: 'anthropic-version: header is required' },
    });
    const { max_tokens: _maxTokens, ...withoutMaxTokens } = anthropicBody;
    expect((await post('/v1/messages', withoutMaxTokens, ANTHROPIC_HEADERS)).json).toMatchObject({
      error: { message: 'max_tokens: Field required' },
    });
    expect((await post('/v1/messages', { ...anthropicBody, messages: [] }, ANTHROPIC_HEADERS)).status).toBe(
      400,
    );
    expect((await post('/v1/messages', 'not json', ANTHROPIC_HEADERS)).status).toBe(400);
    const whitespace = await post(
      '/v1/messages',
      { ...anthropicBody, stop_sequences: ['###', '\n'] },
      ANTHROPIC_HEADERS,
    );
    expect(whitespace.status).toBe(400);
    expect(whitespace.json).toMatchObject({
      error: { message: 'stop_sequences: each stop sequence must contain non-whitespace' },
    });
    expect(
      (await post('/v1/messages', { ...anthropicBody, stop_sequences: [''] }, ANTHROPIC_HEADERS)).json,
    ).toMatchObject({ error: { message: 'stop_sequences: each stop sequence must be non-empty' } });
    // Rejected requests are recorded but are not model calls.
    expect(server?.requests.map((request) => request.callIndex)).toEqual([
      0,
      ...Array.from({ length: 6 }, () => undefined),
    ]);
  });

  it('speaks Gemini generateContent: candidates, finish reasons, usage metadata', async () => {
    await start({
      reply: (_call, index) =>
        [
          { content: ['one', 'two'] },
          { finishReason: 'length', usage: { prompt_tokens: 11, completion_tokens: 7 } },
          { content: null, finishReason: 'content_filter', usage: null },
        ][index] ?? {},
    });
    const first = await post(geminiPath, geminiBody, { 'x-goog-api-key': 'k' });
    expect(first.status).toBe(200);
    expect(first.json).toEqual({
      candidates: [
        { content: { role: 'model', parts: [{ text: 'one' }] }, finishReason: 'STOP', index: 0 },
        { content: { role: 'model', parts: [{ text: 'two' }] }, finishReason: 'STOP', index: 1 },
      ],
      usageMetadata: { promptTokenCount: 6, candidatesTokenCount: 2, totalTokenCount: 8 },
      modelVersion: 'gemini-test',
      responseId: 'mock-response-0',
    });
    const second = (await post(geminiPath, geminiBody, { 'x-goog-api-key': 'k' })).json;
    expect(second).toMatchObject({
      candidates: [{ finishReason: 'MAX_TOKENS' }, { finishReason: 'MAX_TOKENS' }],
      usageMetadata: { promptTokenCount: 11, candidatesTokenCount: 7, totalTokenCount: 18 },
    });
    const third = (await post(geminiPath, geminiBody, { 'x-goog-api-key': 'k' })).json;
    expect(third.candidates).toEqual([
      { finishReason: 'SAFETY', index: 0 },
      { finishReason: 'SAFETY', index: 1 },
    ]);
    expect(third).not.toHaveProperty('usageMetadata');
  });

  it('reads Gemini snake_case fields and the /v1 route, and answers errors as { error: { code, message, status } }', async () => {
    const mock = await start({ reply: (call) => (call.maxTokens === 3 ? { status: 503 } : 'ok') });
    const snake = {
      contents: [{ parts: [{ text: 'Hi' }] }],
      system_instruction: { parts: [{ text: 'Sys' }] },
      generation_config: {
        max_output_tokens: 4,
        stop_sequences: ['x'],
        candidate_count: 1,
        temperature: 0.5,
      },
    };
    await post('/v1/models/gemini-pro:generateContent', snake, { 'x-goog-api-key': 'k' });
    expect(mock.requests[0]?.call).toMatchObject({
      model: 'gemini-pro',
      prompt: 'Hi',
      system: 'Sys',
      maxTokens: 4,
      stopSequences: ['x'],
      n: 1,
      temperature: 0.5,
    });
    const unavailable = await post(
      geminiPath,
      { ...geminiBody, generationConfig: { maxOutputTokens: 3 } },
      { 'x-goog-api-key': 'k' },
    );
    expect(unavailable.status).toBe(503);
    expect(unavailable.json).toEqual({
      error: { code: 503, message: 'Mock error with status 503.', status: 'UNAVAILABLE' },
    });
    const empty = await post(geminiPath, { contents: [] });
    expect(empty.status).toBe(400);
    expect(empty.json).toMatchObject({ error: { code: 400, status: 'INVALID_ARGUMENT' } });
  });

  it('serves Azure deployments (api-version required) and the Azure v1 route', async () => {
    const mock = await start();
    const ok = await post(azurePath, chatBody, { 'api-key': 'k' });
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ object: 'chat.completion', model: 'gpt-4o-prod' });
    const { model: _model, ...withoutModel } = chatBody;
    expect((await post(azurePath, withoutModel, { 'api-key': 'k' })).status).toBe(200);
    const unversioned = await post('/openai/deployments/gpt-4o-prod/chat/completions', chatBody);
    expect(unversioned.status).toBe(404);
    expect(unversioned.json).toEqual({ error: { code: '404', message: 'Resource not found' } });
    const v1 = await post('/openai/v1/chat/completions', { ...chatBody, model: 'gpt-4o' });
    expect(v1.json).toMatchObject({ model: 'gpt-4o' });
    expect((await post('/openai/v1/chat/completions', withoutModel)).status).toBe(400);
    expect(mock.requests.map((request) => request.wire)).toEqual([
      'azure',
      'azure',
      'azure',
      'azure',
      'azure',
    ]);
  });

  it("checks requireApiKey in each wire's header, with each API's answer and without echoing the key", async () => {
    await start({ requireApiKey: 'sk-right' });
    const cases: [string, unknown, Record<string, string>, Record<string, string>, number][] = [
      [
        '/v1/chat/completions',
        chatBody,
        { authorization: 'Bearer sk-right' },
        { authorization: 'Bearer sk-wrong' },
        401,
      ],
      [azurePath, chatBody, { 'api-key': 'sk-right' }, { authorization: 'Bearer sk-right' }, 401],
      [
        '/v1/messages',
        anthropicBody,
        { ...ANTHROPIC_HEADERS, 'x-api-key': 'sk-right' },
        { ...ANTHROPIC_HEADERS, 'x-api-key': 'sk-wrong' },
        401,
      ],
      [geminiPath, geminiBody, { 'x-goog-api-key': 'sk-right' }, { 'x-goog-api-key': 'sk-wrong' }, 400],
      [`${geminiPath}?key=sk-right`, geminiBody, {}, {}, 403],
    ];
    for (const [path, body, right, wrong, status] of cases) {
      expect((await post(path, body, right)).status, path).toBe(200);
      const denied = await post(
        path.replace('sk-right', 'sk-wrong').replace('?key=sk-wrong', ''),
        body,
        wrong,
      );
      expect(denied.status, path).toBe(status);
      expect(JSON.stringify(denied.json)).not.toContain('sk-');
    }
  });

  it('serves only the wires asked for', async () => {
    await start({ wires: ['anthropic'] });
    expect((await post('/v1/chat/completions', chatBody)).status).toBe(404);
    expect((await post('/v1/messages', anthropicBody, ANTHROPIC_HEADERS)).status).toBe(200);
    expect((await fetch(`${server?.origin}/v1/models`)).status).toBe(404);
  });

  it('answers a throwing reply with a 500 in the wire error shape', async () => {
    await start({
      reply: () => {
        throw new Error('test bug');
      },
    });
    const failed = await post('/v1/messages', anthropicBody, ANTHROPIC_HEADERS);
    expect(failed.status).toBe(500);
    expect(failed.json).toEqual({
      type: 'error',
      error: { type: 'api_error', message: 'mock reply failed: Error: test bug' },
    });
  });
});
