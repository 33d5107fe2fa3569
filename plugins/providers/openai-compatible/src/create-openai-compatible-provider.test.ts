import { inspect } from 'node:util';
import {
  ConfigError,
  type GenerationRequest,
  generationResultSchema,
  type ModelProviderV1,
  REQUEST_DEFAULTS,
} from '@medhelm/core';
import {
  closeAfterEach,
  everythingIn,
  expectModelCallError,
  expectProviderPlugin,
  type MockOpenAiServer,
  type MockOpenAiServerOptions,
  startMockOpenAiServer,
} from '@medhelm/testing';
import { describe, expect, it } from 'vitest';
import {
  createOpenAiCompatibleProvider,
  type OpenAiCompatibleLanguageModel,
  type OpenAiCompatibleProviderOptions,
  openAiCompatibleProvider,
  plugin,
} from './index.ts';

const SECRET = 'sk-test-0123456789-do-not-leak';

const request: GenerationRequest = {
  prompt: 'Question: Is aspirin an NSAID?\nA. yes\nB. no\nAnswer:',
  temperature: 0,
  maxTokens: 1,
  stopSequences: [],
  numCompletions: 1,
  topKPerToken: 1,
  ...REQUEST_DEFAULTS,
};

const track = closeAfterEach();

async function serve(options?: MockOpenAiServerOptions): Promise<MockOpenAiServer> {
  const server = await startMockOpenAiServer(options);
  track(server);
  return server;
}

function modelAt(
  baseUrl: string,
  env: Record<string, string | undefined> = {},
  extra: { apiKeyEnvVar?: string; modelId?: string; provider?: OpenAiCompatibleProviderOptions } = {},
): OpenAiCompatibleLanguageModel {
  const provider = createOpenAiCompatibleProvider(extra.provider);
  const model = provider.languageModel(extra.modelId ?? 'llama-3-8b', {
    baseUrl,
    env,
    apiKeyEnvVar: extra.apiKeyEnvVar,
  });
  track(model);
  return model;
}

describe('createOpenAiCompatibleProvider', () => {
  it('is a v1 provider with the id users write in --models', () => {
    expect(openAiCompatibleProvider.specificationVersion).toBe('v1');
    expect(openAiCompatibleProvider.id).toBe('openai-compatible');
    expect(openAiCompatibleProvider.displayName).toMatch(/OpenAI-compatible/);
  });

  it('sends HELM text prompts as one user message with the decoding parameters, and no empty stop', async () => {
    const server = await serve();
    const model = modelAt(server.baseUrl);
    await model.doGenerate(request);
    const [received] = server.requests;
    expect(received?.method).toBe('POST');
    expect(received?.path).toBe('/v1/chat/completions');
    expect(received?.headers['content-type']).toBe('application/json');
    expect(received?.body).toEqual({
      model: 'llama-3-8b',
      messages: [{ role: 'user', content: request.prompt }],
      temperature: 0,
      max_tokens: 1,
      n: 1,
      top_p: 1,
      presence_penalty: 0,
      frequency_penalty: 0,
    });
    expect(received?.body).not.toHaveProperty('stop');
  });

  it('sends stop sequences when there are any, and chat messages as given', async () => {
    const server = await serve();
    const model = modelAt(server.baseUrl);
    const messages = [
      { role: 'system' as const, content: 'You are a doctor.' },
      { role: 'user' as const, content: 'Hello' },
    ];
    await model.doGenerate({
      ...request,
      stopSequences: ['\n', '###'],
      messages,
      maxTokens: 50,
      temperature: 0.7,
    });
    expect(server.requests[0]?.body).toMatchObject({
      messages,
      stop: ['\n', '###'],
      max_tokens: 50,
      temperature: 0.7,
    });
  });

  it('sends Authorization only when the key variable is set, reading the variable the settings name', async () => {
    const server = await serve();
    await modelAt(server.baseUrl, {}).doGenerate(request);
    await modelAt(server.baseUrl, { OPENAI_API_KEY: SECRET }).doGenerate(request);
    await modelAt(
      server.baseUrl,
      { OPENAI_API_KEY: 'wrong', VLLM_KEY: 'vllm-key' },
      { apiKeyEnvVar: 'VLLM_KEY' },
    ).doGenerate(request);
    await modelAt(server.baseUrl, { OPENAI_API_KEY: '' }).doGenerate(request);
    const authorization = server.requests.map((received) => received.headers.authorization);
    expect(authorization).toEqual([undefined, `Bearer ${SECRET}`, 'Bearer vllm-key', undefined]);
  });

  it('maps choices, reported usage, finish reason and timing into a valid GenerationResult', async () => {
    const server = await serve({
      reply: () => ({ content: ' B', usage: { prompt_tokens: 42, completion_tokens: 3 } }),
    });
    const model = modelAt(server.baseUrl);
    const before = Math.floor(Date.now() / 1000);
    const result = await model.doGenerate(request);
    expect(generationResultSchema.parse(result)).toEqual(result);
    expect(result.completions).toEqual([{ text: ' B', finishReason: 'stop' }]);
    expect(result.usage).toEqual({ promptTokens: 42, completionTokens: 3 });
    expect(result.requestTimeSeconds).toBeGreaterThanOrEqual(0);
    expect(result.requestTimeSeconds).toBeLessThan(5);
    expect(result.requestDatetime).toBeGreaterThanOrEqual(before);
    expect(Number.isInteger(result.requestDatetime)).toBe(true);
  });

  it('measures the wall time of the call', async () => {
    const server = await serve({ reply: () => ({ delayMs: 200 }) });
    const result = await modelAt(server.baseUrl).doGenerate(request);
    expect(result.requestTimeSeconds).toBeGreaterThanOrEqual(0.19);
  });

  it('maps finish reasons: stop, length, others as they are, missing as unknown', async () => {
    const reasons = ['stop', 'length', 'content_filter', null];
    const server = await serve({ reply: (_body, index) => ({ finishReason: reasons[index] ?? null }) });
    const model = modelAt(server.baseUrl);
    const seen: string[] = [];
    for (const _ of reasons) seen.push((await model.doGenerate(request)).completions[0]?.finishReason ?? '');
    expect(seen).toEqual(['stop', 'length', 'content_filter', 'unknown']);
  });

  it('asks for n completions and returns them in index order', async () => {
    const server = await serve({ reply: () => ({ content: ['one', 'two', 'three'] }) });
    const result = await modelAt(server.baseUrl).doGenerate({ ...request, numCompletions: 3 });
    expect(server.requests[0]?.body?.n).toBe(3);
    expect(result.completions.map((completion) => completion.text)).toEqual(['one', 'two', 'three']);

    const shuffled = JSON.stringify({
      choices: [
        { index: 1, message: { role: 'assistant', content: 'second' }, finish_reason: 'stop' },
        { index: 0, message: { role: 'assistant', content: 'first' }, finish_reason: 'length' },
      ],
      usage: { prompt_tokens: 1, completion_tokens: 2 },
    });
    const reordering = await serve({ reply: () => ({ rawBody: shuffled }) });
    const ordered = await modelAt(reordering.baseUrl).doGenerate({ ...request, numCompletions: 2 });
    expect(ordered.completions).toEqual([
      { text: 'first', finishReason: 'length' },
      { text: 'second', finishReason: 'stop' },
    ]);
  });

  it('estimates usage at four characters per token, marked estimated, when the server reports none', async () => {
    const server = await serve({ reply: () => ({ content: 'yes, it is', usage: null }) });
    const result = await modelAt(server.baseUrl).doGenerate(request);
    expect(result.usage).toEqual({
      promptTokens: Math.ceil(request.prompt.length / 4),
      completionTokens: Math.ceil('yes, it is'.length / 4),
      estimated: true,
    });
  });

  it('turns null content into an empty completion and joins content parts', async () => {
    const parts = JSON.stringify({
      choices: [
        {
          index: 0,
          message: {
            role: 'assistant',
            content: [
              { type: 'text', text: 'A' },
              { type: 'text', text: 'B' },
            ],
          },
        },
      ],
    });
    const server = await serve({
      reply: (_body, index) => (index === 0 ? { content: null } : { rawBody: parts }),
    });
    const model = modelAt(server.baseUrl);
    expect((await model.doGenerate(request)).completions[0]?.text).toBe('');
    expect((await model.doGenerate(request)).completions[0]).toEqual({ text: 'AB', finishReason: 'unknown' });
  });

  it('reuses one keep-alive connection across calls of a model', async () => {
    const server = await serve();
    const model = modelAt(server.baseUrl);
    await model.doGenerate(request);
    // undici hands the socket back to the pool a tick after the body ends.
    await new Promise((resolve) => setTimeout(resolve, 20));
    await model.doGenerate(request);
    const [first, second] = server.requests;
    expect(first?.remotePort).toBeDefined();
    expect(second?.remotePort).toBe(first?.remotePort);
  });

  it('reports 429 as retryable with status, lower-case headers (retry-after) and the body', async () => {
    const server = await serve({
      reply: () => ({
        status: 429,
        headers: { 'Retry-After': '3' },
        body: { error: { message: 'Rate limit reached for requests', type: 'requests' } },
      }),
    });
    const error = await expectModelCallError(modelAt(server.baseUrl).doGenerate(request));
    expect(error.isRetryable).toBe(true);
    expect(error.status).toBe(429);
    expect(error.headers['retry-after']).toBe('3');
    expect(error.body).toContain('Rate limit reached');
    expect(error.url).toBe(`${server.baseUrl}/chat/completions`);
    expect(error.message).toBe(
      `openai-compatible model "llama-3-8b": HTTP 429 from ${server.baseUrl}/chat/completions: Rate limit reached for requests`,
    );
  });

  it.each([
    [500, true],
    [502, true],
    [503, true],
    [408, true],
    [409, true],
    [425, true],
    [400, false],
    [404, false],
    [422, false],
  ])('reports HTTP %i with isRetryable %s', async (status, retryable) => {
    const server = await serve({ reply: () => ({ status }) });
    const error = await expectModelCallError(modelAt(server.baseUrl).doGenerate(request));
    expect(error.status).toBe(status);
    expect(error.isRetryable).toBe(retryable);
    expect(error.body).toContain(`Mock error with status ${status}`);
  });

  it('reports a 200 with malformed JSON as retryable (a body cut short), with the body excerpt', async () => {
    // Deliberate change with @medhelm/http: a 2xx that is not JSON is almost always a truncated body.
    const server = await serve({ reply: () => ({ rawBody: '{"choices": [' }) });
    const error = await expectModelCallError(modelAt(server.baseUrl).doGenerate(request));
    expect(error.isRetryable).toBe(true);
    expect(error.status).toBe(200);
    expect(error.body).toBe('{"choices": [');
    expect(error.message).toMatch(
      /^openai-compatible model "llama-3-8b": the 200 response from .* is not valid JSON/,
    );
  });

  it('reports a 200 without choices as retryable (transient), and truncates the body to 2000 characters', async () => {
    const long = JSON.stringify({ object: 'chat.completion', note: 'x'.repeat(5000) });
    const server = await serve({
      reply: (_body, index) => ({ rawBody: index === 0 ? '{"choices": []}' : long }),
    });
    const model = modelAt(server.baseUrl);
    const empty = await expectModelCallError(model.doGenerate(request));
    expect(empty.isRetryable).toBe(true);
    expect(empty.message).toMatch(/is not a chat completion \(choices: /);
    const truncated = await expectModelCallError(model.doGenerate(request));
    expect(truncated.body?.startsWith(long.slice(0, 2000))).toBe(true);
    expect(truncated.body).toMatch(/\.\.\. \(\d+ more characters\)$/);
    expect(truncated.body?.length).toBeLessThan(2100);
  });

  it('reports a refused connection as retryable with no status', async () => {
    const server = await serve();
    const closedUrl = server.baseUrl;
    await server.close();
    const error = await expectModelCallError(modelAt(closedUrl).doGenerate(request));
    expect(error.isRetryable).toBe(true);
    expect(error.status).toBeUndefined();
    expect(error.message).toContain('ECONNREFUSED');
    expect(error.hint).toMatch(/Is the server running/);
  });

  it('times out after timeoutMs as a retryable error', async () => {
    const server = await serve({ reply: () => ({ delayMs: 5000 }) });
    const model = modelAt(server.baseUrl, {}, { provider: { timeoutMs: 200 } });
    const started = performance.now();
    const error = await expectModelCallError(model.doGenerate(request));
    expect(performance.now() - started).toBeLessThan(4000);
    expect(error.isRetryable).toBe(true);
    // @medhelm/http enforces one deadline for headers and body together.
    expect(error.message).toMatch(/no complete response from .* within 200 ms/);
  });

  it('stops waiting when the signal aborts, as a non-retryable error', async () => {
    const server = await serve({ reply: () => ({ delayMs: 5000 }) });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const started = performance.now();
    const error = await expectModelCallError(
      modelAt(server.baseUrl).doGenerate(request, { signal: controller.signal }),
    );
    expect(performance.now() - started).toBeLessThan(4000);
    expect(error.isRetryable).toBe(false);
    expect(error.message).toMatch(/was aborted$/);
  });

  it('never puts the key into errors, even when the server echoes it back', async () => {
    const server = await serve({
      reply: () => ({
        status: 401,
        headers: { 'x-echo': `Bearer ${SECRET}` },
        body: { error: { message: `Incorrect API key provided: ${SECRET}` } },
      }),
    });
    const model = modelAt(server.baseUrl, { OPENAI_API_KEY: SECRET });
    const error = await expectModelCallError(model.doGenerate(request));
    expect(server.requests[0]?.headers.authorization).toBe(`Bearer ${SECRET}`);
    expect(error.status).toBe(401);
    expect(error.isRetryable).toBe(false);
    expect(error.message).toContain('Incorrect API key provided: [REDACTED]');
    expect(error.hint).toContain('OPENAI_API_KEY');
    expect(everythingIn(error)).not.toContain(SECRET);
    expect(error.headers).not.toHaveProperty('authorization');
  });

  it('keeps the key out of the model object itself', () => {
    const model = modelAt('http://127.0.0.1:9/v1', { OPENAI_API_KEY: SECRET });
    expect(JSON.stringify(model)).not.toContain(SECRET);
    expect(inspect(model, { depth: 10, showHidden: true })).not.toContain(SECRET);
  });

  it('is unavailable without a base URL: no default server, no network call, the fix named', async () => {
    const provider = createOpenAiCompatibleProvider();
    const model = provider.languageModel('gpt-4o-mini', { env: { OPENAI_API_KEY: SECRET } });
    track(model);
    expect(model.unavailable?.message).toMatch(/no base URL/);
    expect(model.unavailable?.hint).toContain('--base-url');
    expect(model.unavailable?.hint).toContain('models file');
    expect(model.unavailable?.hint).toContain('openai:');
    const error = await expectModelCallError(model.doGenerate(request));
    expect(error.isRetryable).toBe(false);
    expect(error.status).toBeUndefined();
    expect(error.message).toMatch(/no base URL/);
    expect(everythingIn(error)).not.toContain(SECRET);
  });

  it('is unavailable when api.openai.com has no key, naming the variable to set, and fails without a network call', async () => {
    const provider = createOpenAiCompatibleProvider();
    const named = provider.languageModel('gpt-4o-mini', {
      baseUrl: 'https://api.openai.com/v1/',
      apiKeyEnvVar: 'MY_OPENAI_KEY',
      env: { OPENAI_API_KEY: SECRET },
    });
    track(named);
    expect(named.cacheIdentity).toEqual({ baseUrl: 'https://api.openai.com/v1' });
    expect(named.unavailable?.message).toContain('MY_OPENAI_KEY is not set');
    const namedError = await expectModelCallError(named.doGenerate(request));
    expect(namedError.isRetryable).toBe(false);
    expect(namedError.status).toBeUndefined();
    expect(namedError.message).toContain('MY_OPENAI_KEY is not set');
    expect(namedError.hint).toContain('--api-key-env');
    expect(everythingIn(namedError)).not.toContain(SECRET);
  });

  it('is available for a local server without a key', () => {
    const model = modelAt('http://127.0.0.1:8000/v1', {});
    expect(model.unavailable).toBeUndefined();
  });

  it('identifies the server in cacheIdentity: normalised, without credentials', () => {
    const provider: ModelProviderV1 = createOpenAiCompatibleProvider();
    const identity = (baseUrl: string) => provider.languageModel('m', { baseUrl, env: {} }).cacheIdentity;
    expect(identity('http://127.0.0.1:8000/v1/')).toEqual({ baseUrl: 'http://127.0.0.1:8000/v1' });
    expect(identity(' http://127.0.0.1:11434/v1// ')).toEqual({ baseUrl: 'http://127.0.0.1:11434/v1' });
    expect(identity('https://user:pa55@example.org/v1')).toEqual({ baseUrl: 'https://example.org/v1' });
  });

  it('rejects a base URL that is not http(s), an empty model id and a bad timeout as ConfigError', () => {
    expect(() => openAiCompatibleProvider.languageModel('m', { baseUrl: 'localhost:8000', env: {} })).toThrow(
      ConfigError,
    );
    expect(() =>
      openAiCompatibleProvider.languageModel('m', { baseUrl: 'ftp://example.org', env: {} }),
    ).toThrow(/must start with http/);
    expect(() =>
      openAiCompatibleProvider.languageModel(' ', { baseUrl: 'http://127.0.0.1:8000/v1', env: {} }),
    ).toThrow(ConfigError);
    expect(() => createOpenAiCompatibleProvider({ timeoutMs: 0 })).toThrow(ConfigError);
  });

  it('exports a provider plugin that registers the provider, as its manifest says', async () => {
    await expectProviderPlugin(plugin, {
      name: '@medhelm/provider-openai-compatible',
      provider: openAiCompatibleProvider,
      packageJson: new URL('../package.json', import.meta.url),
    });
  });
});
