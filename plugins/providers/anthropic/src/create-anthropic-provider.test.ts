import { inspect } from 'node:util';
import {
  ConfigError,
  type GenerationRequest,
  generationRequestSchema,
  generationResultSchema,
  ModelCallError,
  type ModelProviderV1,
} from '@medhelm/core';
import {
  closeAfterEach,
  describeErrorFixtures,
  documentedErrorCase,
  everythingIn,
  expectJsonPost,
  expectModelCallError,
  expectProviderPlugin,
  type FixtureReply,
  type FixtureServer,
  startFixtureServer,
} from '@medhelm/testing';
import { describe, expect, it } from 'vitest';
import error400 from './__fixtures__/errors/400.json' with { type: 'json' };
import error401 from './__fixtures__/errors/401.json' with { type: 'json' };
import error429 from './__fixtures__/errors/429.json' with { type: 'json' };
import error500 from './__fixtures__/errors/500.json' with { type: 'json' };
import error529 from './__fixtures__/errors/529.json' with { type: 'json' };
import chatWithSystem from './__fixtures__/requests/chat-with-system.json' with { type: 'json' };
import textPrompt from './__fixtures__/requests/text-prompt.json' with { type: 'json' };
import endTurn from './__fixtures__/responses/end-turn.json' with { type: 'json' };
import maxTokens from './__fixtures__/responses/max-tokens.json' with { type: 'json' };
import refusal from './__fixtures__/responses/refusal.json' with { type: 'json' };
import stopSequence from './__fixtures__/responses/stop-sequence.json' with { type: 'json' };
import thinkingAndText from './__fixtures__/responses/thinking-and-text.json' with { type: 'json' };
import {
  ANTHROPIC_VERSION,
  type AnthropicErrorBody,
  type AnthropicLanguageModel,
  type AnthropicProviderOptions,
  anthropicProvider,
  createAnthropicProvider,
  plugin,
} from './index.ts';

const SECRET = 'sk-ant-api03-test-0123456789-do-not-leak';
const MODEL = 'claude-3-7-sonnet-20250219';

const request: GenerationRequest = generationRequestSchema.parse(textPrompt.request);

const track = closeAfterEach();

async function serve(
  reply: (index: number) => FixtureReply = () => ({ body: endTurn }),
): Promise<FixtureServer> {
  const server = await startFixtureServer((_request, index) => reply(index));
  track(server);
  return server;
}

function modelAt(
  baseUrl: string,
  env: Record<string, string | undefined> = { ANTHROPIC_API_KEY: SECRET },
  extra: { apiKeyEnvVar?: string; provider?: AnthropicProviderOptions } = {},
): AnthropicLanguageModel {
  const model = createAnthropicProvider(extra.provider).languageModel(MODEL, {
    baseUrl,
    env,
    apiKeyEnvVar: extra.apiKeyEnvVar,
  });
  track(model);
  return model;
}

describe('createAnthropicProvider', () => {
  it('is a v1 provider with the id users write in --models', () => {
    expect(anthropicProvider.specificationVersion).toBe('v1');
    expect(anthropicProvider.id).toBe('anthropic');
  });

  it('POSTs the documented body to /v1/messages with x-api-key and anthropic-version', async () => {
    const server = await serve();
    await modelAt(server.baseUrl).doGenerate(request);
    expectJsonPost(server.requests[0], {
      path: '/v1/messages',
      headers: { 'x-api-key': SECRET, 'anthropic-version': '2023-06-01' },
      without: ['authorization'],
      body: textPrompt.body,
    });
  });

  it('sends chat messages with the system message at the top level', async () => {
    const server = await serve();
    await modelAt(server.baseUrl).doGenerate(generationRequestSchema.parse(chatWithSystem.request));
    expect(server.requests[0]?.body).toEqual(chatWithSystem.body);
  });

  it('reads the key from the variable the settings name', async () => {
    const server = await serve();
    await modelAt(
      server.baseUrl,
      { ANTHROPIC_API_KEY: 'wrong', MY_CLAUDE_KEY: ' mine\n' },
      {
        apiKeyEnvVar: 'MY_CLAUDE_KEY',
      },
    ).doGenerate(request);
    expect(server.requests[0]?.headers['x-api-key']).toBe('mine');
  });

  it('maps a documented end_turn message into a valid GenerationResult with usage and timing', async () => {
    const server = await serve(() => ({ body: endTurn, delayMs: 150 }));
    const before = Math.floor(Date.now() / 1000);
    const result = await modelAt(server.baseUrl).doGenerate(request);
    expect(generationResultSchema.parse(result)).toEqual(result);
    expect(result.completions).toEqual([
      { text: 'Ibuprofen is another common antipyretic.', finishReason: 'stop' },
    ]);
    expect(result.usage).toEqual({ promptTokens: 2095, completionTokens: 503 });
    expect(result.requestTimeSeconds).toBeGreaterThanOrEqual(0.14);
    expect(result.requestTimeSeconds).toBeLessThan(5);
    expect(Number.isInteger(result.requestDatetime)).toBe(true);
    expect(result.requestDatetime).toBeGreaterThanOrEqual(before);
  });

  it.each([
    [
      'max_tokens',
      maxTokens,
      { text: 'A', finishReason: 'length' },
      { promptTokens: 52, completionTokens: 1 },
    ],
    [
      'stop_sequence',
      stopSequence,
      { text: 'The score is 3 points', finishReason: 'stop' },
      { promptTokens: 120, completionTokens: 6 },
    ],
    [
      'thinking blocks before text',
      thinkingAndText,
      { text: 'Yes, aspirin is an NSAID.', finishReason: 'stop' },
      { promptTokens: 40, completionTokens: 180 },
    ],
    [
      'a refusal with no content',
      refusal,
      { text: '', finishReason: 'refusal' },
      { promptTokens: 31, completionTokens: 0 },
    ],
  ])('parses a documented %s message', async (_name, body, completion, usage) => {
    const server = await serve(() => ({ body }));
    const result = await modelAt(server.baseUrl).doGenerate(request);
    expect(result.completions).toEqual([completion]);
    expect(result.usage).toEqual(usage);
  });

  it('keeps unknown stop reasons and calls a missing one unknown', async () => {
    const reasons = ['pause_turn', null];
    const server = await serve((index) => ({ body: { ...endTurn, stop_reason: reasons[index] } }));
    const model = modelAt(server.baseUrl);
    const seen: string[] = [];
    for (const _ of reasons) seen.push((await model.doGenerate(request)).completions[0]?.finishReason ?? '');
    expect(seen).toEqual(['pause_turn', 'unknown']);
  });

  it('estimates usage, marked estimated, when the response has none', async () => {
    const { usage: _usage, ...withoutUsage } = endTurn;
    const server = await serve(() => ({ body: withoutUsage }));
    const result = await modelAt(server.baseUrl).doGenerate({ ...request, prompt: 'x'.repeat(40) });
    expect(result.usage).toEqual({ promptTokens: 10, completionTokens: 10, estimated: true });
  });

  it('makes one call per completion, in sequence, and sums usage and time', async () => {
    let inFlight = 0;
    let mostInFlight = 0;
    const server = await startFixtureServer((_received, index) => {
      inFlight++;
      mostInFlight = Math.max(mostInFlight, inFlight);
      setTimeout(() => inFlight--, 40);
      return {
        delayMs: 50,
        body: { ...maxTokens, content: [{ type: 'text', text: ['A', 'B', 'C'][index] }] },
      };
    });
    track(server);
    const result = await modelAt(server.baseUrl).doGenerate({ ...request, numCompletions: 3 });
    expect(server.requests).toHaveLength(3);
    expect(server.requests.map((received) => received.body)).toEqual([
      textPrompt.body,
      textPrompt.body,
      textPrompt.body,
    ]);
    expect(mostInFlight).toBe(1);
    expect(result.completions.map((completion) => completion.text)).toEqual(['A', 'B', 'C']);
    expect(result.usage).toEqual({ promptTokens: 156, completionTokens: 3 });
    expect(result.requestTimeSeconds).toBeGreaterThanOrEqual(0.14);
  });

  it('passes the anthropic-ratelimit-* and retry-after headers of a 429 through unchanged', async () => {
    const server = await serve(() => ({ status: 429, headers: error429.headers, body: error429.body }));
    const error = await expectModelCallError(modelAt(server.baseUrl).doGenerate(request));
    const rateLimitHeaders = Object.fromEntries(
      Object.entries(error.headers).filter(
        ([name]) => name.startsWith('anthropic-ratelimit-') || name === 'retry-after',
      ),
    );
    expect(rateLimitHeaders).toEqual(
      Object.fromEntries(
        Object.entries(error429.headers).filter(
          ([name]) => name.startsWith('anthropic-ratelimit-') || name === 'retry-after',
        ),
      ),
    );
  });

  it('never puts the key into errors, even when the server echoes it in the body and headers', async () => {
    const server = await serve(() => ({
      status: 401,
      headers: { 'x-echo': `key=${SECRET}` },
      body: {
        type: 'error',
        error: { type: 'authentication_error', message: `invalid x-api-key: ${SECRET}` },
      },
    }));
    const error = await expectModelCallError(modelAt(server.baseUrl).doGenerate(request));
    expect(server.requests[0]?.headers['x-api-key']).toBe(SECRET);
    expect(error.message).toContain('[REDACTED]');
    expect(everythingIn(error)).not.toContain(SECRET);
  });

  it('fails a call without a key, naming the variable, before any network call', async () => {
    const server = await serve();
    const keyless = modelAt(server.baseUrl, {});
    // Said before any call, so the engine can refuse the run up front.
    expect(keyless.unavailable?.message).toContain('ANTHROPIC_API_KEY is not set');
    expect(modelAt(server.baseUrl, { ANTHROPIC_API_KEY: SECRET }).unavailable).toBeUndefined();
    const error = await expectModelCallError(keyless.doGenerate(request));
    expect(server.requests).toHaveLength(0);
    expect(error.isRetryable).toBe(false);
    expect(error.status).toBeUndefined();
    expect(error.message).toContain('ANTHROPIC_API_KEY is not set');
    expect(error.hint).toContain('--api-key-env');

    const named = await expectModelCallError(
      modelAt(
        server.baseUrl,
        { ANTHROPIC_API_KEY: SECRET, MY_KEY: '  ' },
        { apiKeyEnvVar: 'MY_KEY' },
      ).doGenerate(request),
    );
    expect(named.message).toContain('MY_KEY is not set');
    expect(everythingIn(named)).not.toContain(SECRET);
  });

  it('rejects a 200 that is not a Messages API message as retryable (transient)', async () => {
    const server = await serve(() => ({ body: { type: 'message', content: 'B', usage: {} } }));
    const error = await expectModelCallError(modelAt(server.baseUrl).doGenerate(request));
    expect(error.status).toBe(200);
    expect(error.isRetryable).toBe(true);
    expect(error.message).toMatch(/is not a Messages API message \(content: /);
    expect(error.body).toContain('"content":"B"');
  });

  it('times out after timeoutMs as a retryable error', async () => {
    const server = await serve(() => ({ body: endTurn, delayMs: 5000 }));
    const model = modelAt(server.baseUrl, undefined, { provider: { timeoutMs: 200 } });
    const started = performance.now();
    const error = await expectModelCallError(model.doGenerate(request));
    expect(performance.now() - started).toBeLessThan(4000);
    expect(error.isRetryable).toBe(true);
    expect(error.status).toBeUndefined();
  });

  it('stops waiting when the signal aborts, as a non-retryable error', async () => {
    const server = await serve(() => ({ body: endTurn, delayMs: 5000 }));
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const started = performance.now();
    const error = await expectModelCallError(
      modelAt(server.baseUrl).doGenerate(request, { signal: controller.signal }),
    );
    expect(performance.now() - started).toBeLessThan(4000);
    expect(error.isRetryable).toBe(false);
    expect(error.message).toMatch(/aborted/);
  });

  it('reports a refused connection as retryable with no status', async () => {
    const server = await serve();
    const closedUrl = server.baseUrl;
    await server.close();
    const error = await expectModelCallError(modelAt(closedUrl).doGenerate(request));
    expect(error.isRetryable).toBe(true);
    expect(error.status).toBeUndefined();
    expect(error.message).toContain('ECONNREFUSED');
  });

  it('keeps the key out of the model object itself', () => {
    const model = modelAt('http://127.0.0.1:9');
    expect(JSON.stringify(model)).not.toContain(SECRET);
    expect(inspect(model, { depth: 10, showHidden: true })).not.toContain(SECRET);
  });

  it('identifies the API root and version in cacheIdentity', () => {
    const provider: ModelProviderV1 = createAnthropicProvider();
    const identity = (baseUrl?: string) => provider.languageModel(MODEL, { baseUrl, env: {} }).cacheIdentity;
    expect(identity()).toEqual({ baseUrl: 'https://api.anthropic.com', anthropicVersion: ANTHROPIC_VERSION });
    expect(identity('https://api.anthropic.com/v1/')).toEqual(identity());
    expect(identity(' http://127.0.0.1:8080/proxy// ')).toEqual({
      baseUrl: 'http://127.0.0.1:8080/proxy',
      anthropicVersion: '2023-06-01',
    });
  });

  it('rejects bad base URLs, an empty model id and a bad timeout as ConfigError', () => {
    const languageModel = (baseUrl: string) => anthropicProvider.languageModel(MODEL, { baseUrl, env: {} });
    expect(() => languageModel('api.anthropic.com')).toThrow(ConfigError);
    expect(() => languageModel('ftp://example.org')).toThrow(/must start with http/);
    expect(() => languageModel(`https://user:${SECRET}@example.org`)).toThrow(/credentials/);
    expect(() => languageModel('https://example.org/?key=1')).toThrow(ConfigError);
    expect(() => anthropicProvider.languageModel(' ', { env: {} })).toThrow(ConfigError);
    expect(() => createAnthropicProvider({ timeoutMs: 0 })).toThrow(ConfigError);
    expect(() => createAnthropicProvider({ timeoutMs: Number.NaN })).toThrow(ConfigError);
  });

  it('exports a provider plugin that registers the provider, as its manifest says', async () => {
    await expectProviderPlugin(plugin, {
      name: '@medhelm/provider-anthropic',
      provider: anthropicProvider,
      packageJson: new URL('../package.json', import.meta.url),
    });
  });
});

/** Anthropic's documented errors: each keeps its status, headers, body and error type. */
describeErrorFixtures(
  'createAnthropicProvider: documented errors',
  [
    documentedErrorCase(error400, {
      retryable: false,
      message: 'each stop sequence must contain non-whitespace',
      hint: null,
    }),
    documentedErrorCase(error401, {
      retryable: false,
      message: 'invalid x-api-key',
      hint: /ANTHROPIC_API_KEY/,
    }),
    documentedErrorCase(error429, {
      retryable: true,
      message: 'would exceed the rate limit',
      hint: /rate limiting/,
    }),
    documentedErrorCase(error500, { retryable: true, message: 'Internal server error', hint: null }),
    documentedErrorCase(error529, { retryable: true, message: 'Overloaded', hint: /overloaded/ }),
  ],
  {
    call: (server) => modelAt(server.baseUrl).doGenerate(request),
    secret: SECRET,
    url: (server) => `${server.baseUrl}/v1/messages`,
    check: (error, fixture) => {
      expect(error.message).toContain(`[${(fixture.body as AnthropicErrorBody).error.type}]`);
      expect(error.cause).toBeInstanceOf(ModelCallError);
    },
  },
);
