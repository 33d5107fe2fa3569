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
import error403 from './__fixtures__/errors/403.json' with { type: 'json' };
import error429 from './__fixtures__/errors/429.json' with { type: 'json' };
import error500 from './__fixtures__/errors/500.json' with { type: 'json' };
import error503 from './__fixtures__/errors/503.json' with { type: 'json' };
import chatWithSystem from './__fixtures__/requests/chat-with-system.json' with { type: 'json' };
import manyStopSequences from './__fixtures__/requests/many-stop-sequences.json' with { type: 'json' };
import textPrompt from './__fixtures__/requests/text-prompt.json' with { type: 'json' };
import candidateBlocked from './__fixtures__/responses/candidate-blocked.json' with { type: 'json' };
import maxTokens from './__fixtures__/responses/max-tokens.json' with { type: 'json' };
import promptBlocked from './__fixtures__/responses/prompt-blocked.json' with { type: 'json' };
import stop from './__fixtures__/responses/stop.json' with { type: 'json' };
import twoCandidates from './__fixtures__/responses/two-candidates.json' with { type: 'json' };
import {
  createGoogleProvider,
  type GeminiErrorBody,
  type GeminiLanguageModel,
  type GoogleProviderOptions,
  googleProvider,
  plugin,
} from './index.ts';

const SECRET = 'AIzaSyTest-0123456789_do-not-leak';
const MODEL = 'gemini-2.0-flash';
const PATH = '/v1beta/models/gemini-2.0-flash:generateContent';

const request: GenerationRequest = generationRequestSchema.parse(textPrompt.request);

const track = closeAfterEach();

async function serve(
  reply: (index: number) => FixtureReply = () => ({ body: stop }),
): Promise<FixtureServer> {
  const server = await startFixtureServer((_request, index) => reply(index));
  track(server);
  return server;
}

function modelAt(
  baseUrl: string,
  env: Record<string, string | undefined> = { GEMINI_API_KEY: SECRET },
  extra: { apiKeyEnvVar?: string; modelId?: string; provider?: GoogleProviderOptions } = {},
): GeminiLanguageModel {
  const model = createGoogleProvider(extra.provider).languageModel(extra.modelId ?? MODEL, {
    baseUrl,
    env,
    apiKeyEnvVar: extra.apiKeyEnvVar,
  });
  track(model);
  return model;
}

describe('createGoogleProvider', () => {
  it('is a v1 provider with the id users write in --models', () => {
    expect(googleProvider.specificationVersion).toBe('v1');
    expect(googleProvider.id).toBe('google');
  });

  it('POSTs the documented body to models/<model>:generateContent with the key in x-goog-api-key only', async () => {
    const server = await serve();
    await modelAt(server.baseUrl).doGenerate(request);
    expectJsonPost(server.requests[0], {
      path: PATH,
      headers: { 'x-goog-api-key': SECRET },
      without: ['authorization'],
      body: textPrompt.body,
    });
    expect(server.requests[0]?.path).not.toContain(SECRET);
  });

  it.each([
    ['chat messages with a system instruction', chatWithSystem],
    ['more stop sequences than the API takes', manyStopSequences],
  ])('sends the documented body for %s', async (_name, fixture) => {
    const server = await serve(() => ({ body: twoCandidates }));
    await modelAt(server.baseUrl).doGenerate(generationRequestSchema.parse(fixture.request));
    expect(server.requests[0]?.body).toEqual(fixture.body);
  });

  it('accepts models/ and tunedModels/ ids and encodes the model into the path', async () => {
    const server = await serve();
    await modelAt(server.baseUrl, undefined, { modelId: 'models/gemini-2.0-flash' }).doGenerate(request);
    await modelAt(server.baseUrl, undefined, { modelId: 'tunedModels/my-medical-model' }).doGenerate(request);
    expect(server.requests.map((received) => received.path)).toEqual([
      PATH,
      '/v1beta/tunedModels/my-medical-model:generateContent',
    ]);
  });

  it('reads GEMINI_API_KEY, else GOOGLE_API_KEY, else the variable the settings name', async () => {
    const server = await serve();
    await modelAt(server.baseUrl, { GEMINI_API_KEY: 'gemini', GOOGLE_API_KEY: 'google' }).doGenerate(request);
    await modelAt(server.baseUrl, { GEMINI_API_KEY: ' ', GOOGLE_API_KEY: 'google' }).doGenerate(request);
    await modelAt(
      server.baseUrl,
      { GEMINI_API_KEY: 'gemini', MY_KEY: 'mine' },
      { apiKeyEnvVar: 'MY_KEY' },
    ).doGenerate(request);
    expect(server.requests.map((received) => received.headers['x-goog-api-key'])).toEqual([
      'gemini',
      'google',
      'mine',
    ]);
  });

  it('maps a documented response into a valid GenerationResult with usage and timing', async () => {
    const server = await serve(() => ({ body: stop, delayMs: 150 }));
    const before = Math.floor(Date.now() / 1000);
    const result = await modelAt(server.baseUrl).doGenerate(request);
    expect(generationResultSchema.parse(result)).toEqual(result);
    expect(result.completions).toEqual([
      { text: 'Ibuprofen is another common antipyretic.', finishReason: 'stop' },
    ]);
    expect(result.usage).toEqual({ promptTokens: 31, completionTokens: 8 });
    expect(result.requestTimeSeconds).toBeGreaterThanOrEqual(0.14);
    expect(result.requestTimeSeconds).toBeLessThan(5);
    expect(Number.isInteger(result.requestDatetime)).toBe(true);
    expect(result.requestDatetime).toBeGreaterThanOrEqual(before);
  });

  it.each([
    ['MAX_TOKENS', maxTokens, [{ text: 'A', finishReason: 'length' }]],
    [
      'two candidates in index order',
      twoCandidates,
      [
        { text: 'Ibuprofen.', finishReason: 'stop' },
        { text: 'Naproxen.', finishReason: 'stop' },
      ],
    ],
    ['a candidate blocked by SAFETY', candidateBlocked, [{ text: '', finishReason: 'content_filter' }]],
    ['a blocked prompt', promptBlocked, [{ text: '', finishReason: 'content_filter' }]],
  ])('returns %s as a valid answer', async (_name, body, completions) => {
    const server = await serve(() => ({ body }));
    const result = await modelAt(server.baseUrl).doGenerate(request);
    expect(generationResultSchema.parse(result)).toEqual(result);
    expect(result.completions).toEqual(completions);
    expect(result.usage.estimated).toBeUndefined();
  });

  it('applies the stop sequences beyond the fifth to the returned text', async () => {
    const server = await serve(() => ({
      body: {
        candidates: [{ content: { parts: [{ text: 'Pulse, STOP, Note: BP' }] }, finishReason: 'MAX_TOKENS' }],
      },
    }));
    const result = await modelAt(server.baseUrl).doGenerate(
      generationRequestSchema.parse(manyStopSequences.request),
    );
    expect(result.completions).toEqual([{ text: 'Pulse, ', finishReason: 'stop' }]);
  });

  it("turns a 429's RetryInfo delay into retry-after, unless the server sent one", async () => {
    const replies: FixtureReply[] = [
      { status: 429, body: error429.body },
      { status: 429, headers: { 'retry-after': '5' }, body: error429.body },
      { status: 400, body: { error: { ...error400.body.error, details: error429.body.error.details } } },
    ];
    const server = await serve((index) => replies[index] ?? {});
    const model = modelAt(server.baseUrl);
    const retryAfter: (string | undefined)[] = [];
    for (const _ of replies)
      retryAfter.push((await expectModelCallError(model.doGenerate(request))).headers['retry-after']);
    expect(retryAfter).toEqual(['37', '5', undefined]);
  });

  it('names the variable the key came from in the hint of a key error', async () => {
    const server = await serve(() => ({ status: 400, body: error400.body }));
    const error = await expectModelCallError(
      modelAt(server.baseUrl, { GOOGLE_API_KEY: SECRET }).doGenerate(request),
    );
    expect(error.hint).toContain('GOOGLE_API_KEY');
    expect(everythingIn(error)).not.toContain(SECRET);
  });

  it('never puts the key into errors, even when the server echoes it in the body and headers', async () => {
    const server = await serve(() => ({
      status: 400,
      headers: { 'x-echo': `key=${SECRET}` },
      body: { error: { code: 400, message: `API key not valid: ${SECRET}`, status: 'INVALID_ARGUMENT' } },
    }));
    const error = await expectModelCallError(modelAt(server.baseUrl).doGenerate(request));
    expect(error.message).toContain('[REDACTED]');
    expect(everythingIn(error)).not.toContain(SECRET);
  });

  it('fails a call without a key, naming both variables, before any network call', async () => {
    const server = await serve();
    const keyless = modelAt(server.baseUrl, {});
    // Said before any call, so the engine can refuse the run up front.
    expect(keyless.unavailable?.message).toContain('GEMINI_API_KEY (or GOOGLE_API_KEY) is not set');
    expect(modelAt(server.baseUrl, { GEMINI_API_KEY: SECRET }).unavailable).toBeUndefined();
    const error = await expectModelCallError(keyless.doGenerate(request));
    expect(server.requests).toHaveLength(0);
    expect(error.isRetryable).toBe(false);
    expect(error.status).toBeUndefined();
    expect(error.message).toContain('GEMINI_API_KEY (or GOOGLE_API_KEY) is not set');
    expect(error.hint).toContain('--api-key-env');

    const named = await expectModelCallError(
      modelAt(server.baseUrl, { GEMINI_API_KEY: SECRET }, { apiKeyEnvVar: 'MY_KEY' }).doGenerate(request),
    );
    expect(named.message).toContain('MY_KEY is not set');
    expect(named.message).not.toContain('GEMINI_API_KEY');
    expect(everythingIn(named)).not.toContain(SECRET);
  });

  it('rejects a 200 with neither candidates nor a block reason, or of the wrong shape, as retryable (transient)', async () => {
    const bodies = [{ usageMetadata: { promptTokenCount: 3 } }, { candidates: 'none' }];
    const server = await serve((index) => ({ body: bodies[index] }));
    const model = modelAt(server.baseUrl);
    const empty = await expectModelCallError(model.doGenerate(request));
    expect(empty.status).toBe(200);
    expect(empty.isRetryable).toBe(true);
    expect(empty.message).toContain('no candidates and no promptFeedback.blockReason');
    const wrong = await expectModelCallError(model.doGenerate(request));
    expect(wrong.message).toMatch(/not a generateContent response \(candidates: /);
    expect(wrong.body).toBe('{"candidates":"none"}');
  });

  it('times out after timeoutMs as a retryable error', async () => {
    const server = await serve(() => ({ body: stop, delayMs: 5000 }));
    const model = modelAt(server.baseUrl, undefined, { provider: { timeoutMs: 200 } });
    const started = performance.now();
    const error = await expectModelCallError(model.doGenerate(request));
    expect(performance.now() - started).toBeLessThan(4000);
    expect(error.isRetryable).toBe(true);
    expect(error.status).toBeUndefined();
  });

  it('stops waiting when the signal aborts, as a non-retryable error', async () => {
    const server = await serve(() => ({ body: stop, delayMs: 5000 }));
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const error = await expectModelCallError(
      modelAt(server.baseUrl).doGenerate(request, { signal: controller.signal }),
    );
    expect(error.isRetryable).toBe(false);
    expect(error.message).toMatch(/aborted/);
  });

  it('keeps the key out of the model object itself', () => {
    const model = modelAt('http://127.0.0.1:9');
    expect(JSON.stringify(model)).not.toContain(SECRET);
    expect(inspect(model, { depth: 10, showHidden: true })).not.toContain(SECRET);
  });

  it('identifies the API root in cacheIdentity, and the safety preset when it is not HELM’s', async () => {
    const identity = (baseUrl?: string, provider: ModelProviderV1 = createGoogleProvider()) =>
      provider.languageModel(MODEL, { baseUrl, env: {} }).cacheIdentity;
    expect(identity()).toEqual({ baseUrl: 'https://generativelanguage.googleapis.com' });
    expect(identity('https://generativelanguage.googleapis.com/v1beta/')).toEqual(identity());
    expect(identity(undefined, createGoogleProvider({ safetySettings: 'default' }))).toEqual({
      baseUrl: 'https://generativelanguage.googleapis.com',
      safetySettings: 'default',
    });

    const server = await serve();
    await modelAt(server.baseUrl, undefined, { provider: { safetySettings: 'default' } }).doGenerate(request);
    expect(server.requests[0]?.body).not.toHaveProperty('safetySettings');
  });

  it('rejects bad base URLs, bad model ids and bad options as ConfigError', () => {
    const languageModel = (baseUrl: string) => googleProvider.languageModel(MODEL, { baseUrl, env: {} });
    expect(() => languageModel('generativelanguage.googleapis.com')).toThrow(ConfigError);
    expect(() => languageModel('ftp://example.org')).toThrow(/must start with http/);
    expect(() => languageModel(`https://generativelanguage.googleapis.com/?key=${SECRET}`)).toThrow(/query/);
    for (const modelId of [' ', 'models/', 'publishers/google/models/gemini', 'other/gemini']) {
      expect(() => googleProvider.languageModel(modelId, { env: {} })).toThrow(ConfigError);
    }
    expect(() => createGoogleProvider({ timeoutMs: -1 })).toThrow(ConfigError);
    expect(() => createGoogleProvider({ safetySettings: 'none' as 'default' })).toThrow(ConfigError);
  });

  it('exports a provider plugin that registers the provider, as its manifest says', async () => {
    await expectProviderPlugin(plugin, {
      name: '@medhelm/provider-google',
      provider: googleProvider,
      packageJson: new URL('../package.json', import.meta.url),
    });
  });
});

/** Gemini's documented errors: each keeps its status, headers and body, and names its RPC status. */
describeErrorFixtures(
  'createGoogleProvider: documented errors',
  [
    documentedErrorCase(error400, { retryable: false, message: 'API key not valid', hint: /GEMINI_API_KEY/ }),
    documentedErrorCase(error403, {
      retryable: false,
      message: 'does not have permission',
      hint: /may not use this model/,
    }),
    documentedErrorCase(error429, {
      retryable: true,
      message: 'You exceeded your current quota',
      hint: /quota/,
    }),
    documentedErrorCase(error500, {
      retryable: true,
      message: 'An internal error has occurred',
      hint: /internal/,
    }),
    documentedErrorCase(error503, {
      retryable: true,
      message: 'The model is overloaded',
      hint: /overloaded/,
    }),
  ],
  {
    call: (server) => modelAt(server.baseUrl).doGenerate(request),
    secret: SECRET,
    url: (server) => `${server.baseUrl}${PATH}`,
    check: (error, fixture) => {
      expect(error.message).toContain(`[${(fixture.body as GeminiErrorBody).error.status}]`);
      expect(error.cause).toBeInstanceOf(ModelCallError);
    },
  },
);
