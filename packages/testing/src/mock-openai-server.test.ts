import { afterEach, describe, expect, it } from 'vitest';
import {
  type MockOpenAiServer,
  type MockOpenAiServerOptions,
  startMockOpenAiServer,
} from './mock-openai-server.ts';

let server: MockOpenAiServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function start(options?: MockOpenAiServerOptions): Promise<MockOpenAiServer> {
  server = await startMockOpenAiServer(options);
  return server;
}

function chat(baseUrl: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${baseUrl}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

const question = { model: 'mock-model', messages: [{ role: 'user', content: 'Is this a question?' }] };

describe('startMockOpenAiServer', () => {
  it('listens on 127.0.0.1 and answers "A" in the API response shape by default', async () => {
    const { baseUrl } = await start();
    expect(baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    const response = await chat(baseUrl, question);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    const json = (await response.json()) as Record<string, unknown>;
    expect(json).toEqual({
      id: 'chatcmpl-mock-0',
      object: 'chat.completion',
      created: expect.any(Number),
      model: 'mock-model',
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: 'A', refusal: null },
          logprobs: null,
          finish_reason: 'stop',
        },
      ],
      usage: { prompt_tokens: 4, completion_tokens: 1, total_tokens: 5 },
    });
    expect(json.created).toBe(Math.floor(json.created as number));
  });

  it('records every request with lower-case headers, the authorization header and the parsed body', async () => {
    const mock = await start();
    await chat(
      mock.baseUrl,
      { ...question, temperature: 0 },
      { Authorization: 'Bearer sk-test', 'X-Trace': '1' },
    );
    await fetch(`${mock.baseUrl}/models`);
    expect(mock.requests).toHaveLength(2);
    const [first, second] = mock.requests;
    expect(first?.method).toBe('POST');
    expect(first?.path).toBe('/v1/chat/completions');
    expect(first?.headers.authorization).toBe('Bearer sk-test');
    expect(first?.headers['x-trace']).toBe('1');
    expect(first?.body).toEqual({ ...question, temperature: 0 });
    expect(first?.rawBody).toBe(JSON.stringify({ ...question, temperature: 0 }));
    expect(second).toMatchObject({ method: 'GET', path: '/v1/models', body: undefined });
  });

  it('returns n choices, per-choice contents, a custom finish reason and usage', async () => {
    const { baseUrl } = await start({
      reply: (body) => ({
        content: ['first', 'second'],
        finishReason: 'length',
        usage: { prompt_tokens: 11, completion_tokens: 7 },
        model: `${body.model}-2024`,
      }),
    });
    const json = (await (await chat(baseUrl, { ...question, n: 3 })).json()) as {
      model: string;
      choices: { index: number; message: { content: string }; finish_reason: string }[];
      usage: unknown;
    };
    expect(json.model).toBe('mock-model-2024');
    expect(
      json.choices.map((choice) => [choice.index, choice.message.content, choice.finish_reason]),
    ).toEqual([
      [0, 'first', 'length'],
      [1, 'second', 'length'],
      [2, 'second', 'length'],
    ]);
    expect(json.usage).toEqual({ prompt_tokens: 11, completion_tokens: 7, total_tokens: 18 });
  });

  it('passes the parsed body and a per-request index to the reply function; a string is the content', async () => {
    const seen: [unknown, number][] = [];
    const { baseUrl } = await start({
      reply: (body, index) => {
        seen.push([body.messages?.[0]?.content, index]);
        return `answer ${index}`;
      },
    });
    const first = (await (await chat(baseUrl, question)).json()) as {
      choices: { message: { content: string } }[];
    };
    const second = (await (await chat(baseUrl, question)).json()) as {
      choices: { message: { content: string } }[];
    };
    expect(first.choices[0]?.message.content).toBe('answer 0');
    expect(second.choices[0]?.message.content).toBe('answer 1');
    expect(seen).toEqual([
      ['Is this a question?', 0],
      ['Is this a question?', 1],
    ]);
  });

  it('can omit usage and send null content and a null finish reason', async () => {
    const { baseUrl } = await start({ reply: () => ({ usage: null, content: null, finishReason: null }) });
    const json = (await (await chat(baseUrl, question)).json()) as Record<string, unknown>;
    expect(json).not.toHaveProperty('usage');
    expect(json.choices).toEqual([
      {
        index: 0,
        message: { role: 'assistant', content: null, refusal: null },
        logprobs: null,
        finish_reason: null,
      },
    ]);
  });

  it('sends error statuses with headers and an OpenAI-style error body', async () => {
    const { baseUrl } = await start({
      reply: (_body, index) =>
        index === 0
          ? {
              status: 429,
              headers: { 'retry-after': '3' },
              body: { error: { message: 'Rate limit reached' } },
            }
          : { status: 500 },
    });
    const limited = await chat(baseUrl, question);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('3');
    expect(await limited.json()).toEqual({ error: { message: 'Rate limit reached' } });
    const failed = await chat(baseUrl, question);
    expect(failed.status).toBe(500);
    expect(await failed.json()).toEqual({
      error: { message: 'Mock error with status 500.', type: 'server_error', param: null, code: null },
    });
  });

  it('sends a raw body exactly as given', async () => {
    const { baseUrl } = await start({ reply: () => ({ rawBody: '{"choices": [' }) });
    const response = await chat(baseUrl, question);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('{"choices": [');
  });

  it('delays an answer by delayMs', async () => {
    const { baseUrl } = await start({ reply: () => ({ delayMs: 150 }) });
    const started = performance.now();
    const response = await chat(baseUrl, question);
    expect(response.status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
  });

  it('rejects bodies that are not JSON or lack model/messages with 400, and unknown paths with 404', async () => {
    const { baseUrl } = await start();
    expect((await chat(baseUrl, 'not json')).status).toBe(400);
    expect((await chat(baseUrl, { messages: question.messages })).status).toBe(400);
    expect((await chat(baseUrl, { model: 'mock-model', messages: [] })).status).toBe(400);
    expect((await fetch(`${baseUrl}/completions`, { method: 'POST', body: '{}' })).status).toBe(404);
  });

  it('lists models on GET /v1/models', async () => {
    const { baseUrl } = await start({ models: ['llama-3-8b', 'qwen'] });
    const json = (await (await fetch(`${baseUrl}/models`)).json()) as {
      object: string;
      data: { id: string }[];
    };
    expect(json.object).toBe('list');
    expect(json.data.map((model) => model.id)).toEqual(['llama-3-8b', 'qwen']);
  });

  it('answers 401 without echoing the key when requireApiKey is set and the key is wrong or missing', async () => {
    const { baseUrl } = await start({ requireApiKey: 'sk-right' });
    const wrong = await chat(baseUrl, question, { authorization: 'Bearer sk-wrong' });
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).not.toContain('sk-wrong');
    expect((await chat(baseUrl, question)).status).toBe(401);
    expect((await chat(baseUrl, question, { authorization: 'Bearer sk-right' })).status).toBe(200);
  });

  it('answers 500 when the reply function throws, instead of hanging', async () => {
    const { baseUrl } = await start({
      reply: () => {
        throw new Error('test bug');
      },
    });
    const response = await chat(baseUrl, question);
    expect(response.status).toBe(500);
    expect(await response.text()).toContain('test bug');
  });

  it('closes promptly even with a keep-alive connection and an answer still waiting', async () => {
    const mock = await start({ reply: (_body, index) => (index === 0 ? {} : { delayMs: 60_000 }) });
    await chat(mock.baseUrl, question);
    const pending = chat(mock.baseUrl, question).catch((error: unknown) => error);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const started = performance.now();
    await mock.close();
    server = undefined;
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(await pending).toBeInstanceOf(Error);
    await expect(fetch(`${mock.baseUrl}/models`)).rejects.toThrow();
  });

  it('serves only the OpenAI wire and accepts faults', async () => {
    const mock = await start({ faults: { rate: 1, kinds: ['unavailable'] } });
    const messages = await fetch(`${mock.origin}/v1/messages`, {
      method: 'POST',
      headers: { 'anthropic-version': '2023-06-01' },
      body: JSON.stringify({ model: 'm', max_tokens: 1, messages: [{ role: 'user', content: 'x' }] }),
    });
    expect(messages.status).toBe(404);
    expect((await chat(mock.baseUrl, question)).status).toBe(503);
    expect((await chat(mock.baseUrl, question)).status).toBe(200);
    expect(mock.faults.map((fault) => fault.kind)).toEqual(['unavailable']);
  });
});
