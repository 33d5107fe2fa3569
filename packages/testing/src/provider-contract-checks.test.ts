import { type GenerationRequest, MedHelmError, ModelCallError } from '@medhelm/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createReferenceProvider } from './create-reference-provider.ts';
import { CONTRACT_REQUEST } from './describe-provider-contract.ts';
import { type MockModelServer, startMockModelServer } from './mock-model-server.ts';
import type { MockWire } from './mock-wire.ts';
import {
  apiKeyHeader,
  CONTRACT_API_KEY,
  checkModelCallError,
  checkWireRequest,
  everythingIn,
  secretPlaces,
} from './provider-contract-checks.ts';
import { ProviderContractViolation } from './provider-contract-violation.ts';

const KEY = CONTRACT_API_KEY;
let server: MockModelServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function start(options?: Parameters<typeof startMockModelServer>[0]): Promise<MockModelServer> {
  server = await startMockModelServer(options);
  return server;
}

async function post(path: string, body: unknown, headers: Record<string, string> = {}): Promise<void> {
  if (server === undefined) throw new Error('no server');
  await fetch(`${server.origin}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

function violation(run: () => void): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ProviderContractViolation);
    return (error as Error).message;
  }
  throw new Error('expected a ProviderContractViolation');
}

async function referenceCall(
  wire: MockWire,
  request: GenerationRequest = CONTRACT_REQUEST,
  breaks?: Parameters<typeof createReferenceProvider>[1]['breaks'],
): Promise<MockModelServer> {
  const mock = await start();
  const model = createReferenceProvider(wire, { timeoutMs: 5000, breaks }).languageModel('m-1', {
    baseUrl: mock.baseUrls[wire],
    apiKeyEnvVar: 'KEY',
    env: { KEY },
  });
  await model.doGenerate(request).catch(() => undefined);
  return mock;
}

const openAiBody = {
  model: 'm-1',
  messages: [{ role: 'user', content: CONTRACT_REQUEST.prompt }],
  temperature: 0,
  max_tokens: 7,
};

describe('checkWireRequest', () => {
  it.each(['openai', 'azure', 'anthropic', 'gemini'] as const)(
    'accepts what a correct %s provider sends',
    async (wire) => {
      const mock = await referenceCall(wire, { ...CONTRACT_REQUEST, stopSequences: ['###'] });
      expect(() =>
        checkWireRequest(mock.requests[0], {
          wire,
          modelId: 'm-1',
          request: { ...CONTRACT_REQUEST, stopSequences: ['###'] },
          apiKey: KEY,
        }),
      ).not.toThrow();
    },
  );

  it('wants an empty stop list left out on the OpenAI wire, and allows it on the Anthropic wire', async () => {
    const openai = await referenceCall('openai', CONTRACT_REQUEST, 'empty-stop');
    const expected = { wire: 'openai' as const, modelId: 'm-1', request: CONTRACT_REQUEST, apiKey: KEY };
    expect(violation(() => checkWireRequest(openai.requests[0], expected))).toContain(
      'stop is [] for a request without stop sequences; leave the field out',
    );
    const anthropic = await referenceCall('anthropic', CONTRACT_REQUEST, 'empty-stop');
    expect(() => checkWireRequest(anthropic.requests[0], { ...expected, wire: 'anthropic' })).not.toThrow();
  });

  it('wants whitespace-only stop sequences dropped on the Anthropic wire, whose API rejects them', async () => {
    const request = { ...CONTRACT_REQUEST, stopSequences: ['\n\n', '###'] };
    const dropped = await referenceCall('anthropic', request);
    expect(dropped.requests[0]?.call?.stopSequences).toEqual(['###']);
    expect(() =>
      checkWireRequest(dropped.requests[0], { wire: 'anthropic', modelId: 'm-1', request, apiKey: KEY }),
    ).not.toThrow();
    await dropped.close();
    await start();
    await post(
      '/v1/messages',
      {
        model: 'm-1',
        max_tokens: 7,
        messages: [{ role: 'user', content: 'x' }],
        stop_sequences: ['\n\n', '###'],
      },
      { 'x-api-key': KEY, 'anthropic-version': '2023-06-01' },
    );
    expect(
      violation(() =>
        checkWireRequest(server?.requests[0], { wire: 'anthropic', modelId: 'm-1', request, apiKey: KEY }),
      ),
    ).toContain('is not a valid anthropic call (the mock answered 400: ');
  });

  it('rejects a Gemini key in the URL unless the ?key= variant is allowed', async () => {
    const mock = await referenceCall('gemini', CONTRACT_REQUEST, 'key-in-url');
    const expected = { wire: 'gemini' as const, modelId: 'm-1', request: CONTRACT_REQUEST, apiKey: KEY };
    const message = violation(() => checkWireRequest(mock.requests[0], expected));
    expect(message).toContain('the API key is not in the x-goog-api-key header');
    expect(message).toContain('the API key is in the URL');
    expect(message).not.toContain(KEY);
    expect(() => checkWireRequest(mock.requests[0], { ...expected, allowKeyInQuery: true })).not.toThrow();
  });

  it('lists every problem of a request at once, without the key', async () => {
    await start();
    await post(
      `/v1/chat/completions?token=${KEY}`,
      {
        model: 'other-model',
        messages: [{ role: 'user', content: `You are a doctor.\n${CONTRACT_REQUEST.prompt}` }],
        temperature: 1,
        max_tokens: 100,
        n: 2,
        stop: '\n',
        user: KEY,
      },
      { authorization: 'Bearer wrong', 'x-api-key': KEY },
    );
    const message = violation(() =>
      checkWireRequest(server?.requests[0], {
        wire: 'openai',
        modelId: 'm-1',
        request: CONTRACT_REQUEST,
        apiKey: KEY,
      }),
    );
    for (const problem of [
      'model is "other-model", expected "m-1"',
      'messages are',
      'max tokens is 100, expected 7',
      'temperature is 1, expected 0',
      'stop is ["\\n"] for a request without stop sequences',
      'n is 2, expected 1',
      'the API key is not in the authorization header',
      'the API key is in the URL',
      'the API key is in the request body',
      'the API key is in the x-api-key header too',
    ]) {
      expect(message).toContain(problem);
    }
    expect(message).not.toContain(KEY);
  });

  it('checks wire specifics: Anthropic version header and n, Azure api-version, system prompt placement', async () => {
    await start();
    const request: GenerationRequest = {
      ...CONTRACT_REQUEST,
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Hi' },
      ],
    };
    await post(
      '/v1/messages',
      {
        model: 'm-1',
        max_tokens: 7,
        temperature: 0,
        n: 1,
        messages: [{ role: 'user', content: 'Be brief.\nHi' }],
      },
      { 'x-api-key': KEY, 'anthropic-version': '2023-06-01' },
    );
    const anthropic = violation(() =>
      checkWireRequest(server?.requests[0], { wire: 'anthropic', modelId: 'm-1', request, apiKey: KEY }),
    );
    expect(anthropic).toContain('the Messages API has no `n`');
    expect(anthropic).toContain('the system prompt "Be brief." is not in the system field');

    await post('/openai/deployments/m-1/chat/completions', openAiBody, { 'api-key': KEY });
    const azure = violation(() =>
      checkWireRequest(server?.requests[1], {
        wire: 'azure',
        modelId: 'm-1',
        request: CONTRACT_REQUEST,
        apiKey: KEY,
      }),
    );
    expect(azure).toContain('is not a valid azure call (the mock answered 404');

    await post('/openai/deployments/m-2/chat/completions?api-version=2024-10-21', openAiBody, {
      'api-key': KEY,
    });
    const deployment = violation(() =>
      checkWireRequest(server?.requests[2], {
        wire: 'azure',
        modelId: 'm-1',
        request: CONTRACT_REQUEST,
        apiKey: KEY,
      }),
    );
    expect(deployment).toContain('expected /openai/deployments/m-1/chat/completions');
  });

  it('says so when no request arrived or it went to another wire', async () => {
    expect(
      violation(() =>
        checkWireRequest(undefined, { wire: 'openai', modelId: 'm', request: CONTRACT_REQUEST, apiKey: KEY }),
      ),
    ).toBe('no request reached the mock openai server');
    await start();
    await post(
      '/v1/messages',
      { model: 'm-1', messages: openAiBody.messages },
      { 'x-api-key': KEY, 'anthropic-version': '2023-06-01' },
    );
    expect(
      violation(() =>
        checkWireRequest(server?.requests[0], {
          wire: 'openai',
          modelId: 'm-1',
          request: CONTRACT_REQUEST,
          apiKey: KEY,
        }),
      ),
    ).toMatch(/^POST \/v1\/messages is not a valid openai call \(the mock answered 400: .*max_tokens/);
  });
});

describe('checkModelCallError', () => {
  const error = (
    details: Partial<ConstructorParameters<typeof ModelCallError>[1]> = {},
    hint?: string,
    cause?: unknown,
  ) =>
    new ModelCallError(
      'HTTP 429',
      { status: 429, isRetryable: true, headers: { 'retry-after': '7' }, ...details },
      { hint, cause },
    );

  it('accepts a matching error and narrows the type', () => {
    const value: unknown = error();
    checkModelCallError(value, {
      status: 429,
      retryable: true,
      headers: { 'retry-after': '7' },
      apiKey: KEY,
    });
    expect(value.status).toBe(429);
  });

  it('lists a wrong status, retryability and missing headers', () => {
    const message = violation(() =>
      checkModelCallError(error({ status: 500, isRetryable: false, headers: {} }), {
        status: 429,
        retryable: true,
        headers: { 'retry-after': '7' },
        apiKey: KEY,
      }),
    );
    expect(message).toContain('status is 500, expected 429');
    expect(message).toContain('isRetryable is false, expected true');
    expect(message).toContain('headers["retry-after"] is undefined, expected "7"');
  });

  it('checks an absent status only when asked', () => {
    expect(() => checkModelCallError(error(), { apiKey: KEY })).not.toThrow();
    expect(
      violation(() => checkModelCallError(error(), { status: undefined, checkStatus: true, apiKey: KEY })),
    ).toContain('status is 429, expected undefined');
  });

  it('finds the key in the hint, the body, the headers and the cause chain, and redacts it in its own message', () => {
    const leaky = error(
      { body: `echo ${KEY}`, headers: { 'x-echo': KEY } },
      `check ${KEY}`,
      new Error('inner', { cause: { request: { headers: { authorization: `Bearer ${KEY}` } } } }),
    );
    const message = violation(() => checkModelCallError(leaky, { apiKey: KEY }));
    expect(message).toContain('error.hint');
    expect(message).toContain('error.body');
    expect(message).toContain('error.headers');
    expect(message).toContain('util.inspect(error)');
    expect(message).not.toContain(KEY);
    expect(secretPlaces(leaky, KEY)).toContain('JSON of error.cause.cause');
  });

  it('rejects errors that are not ModelCallErrors, and accepts one from another copy of core', async () => {
    expect(
      violation(() => checkModelCallError(new TypeError(`fetch failed ${KEY}`), { apiKey: KEY })),
    ).toMatch(
      /^expected a ModelCallError, got TypeError: fetch failed \[API KEY\].*\(and it contains the API key\)$/s,
    );
    // A genuinely separate module instance of @medhelm/core, as a provider with its own copy has.
    vi.resetModules();
    const otherCore: typeof import('@medhelm/core') = await import('@medhelm/core');
    expect(otherCore.ModelCallError).not.toBe(ModelCallError);
    const foreign = new otherCore.ModelCallError('other copy', { status: 500, isRetryable: true });
    expect(() => checkModelCallError(foreign, { status: 500, retryable: true, apiKey: KEY })).not.toThrow();
    expect(violation(() => checkModelCallError(new MedHelmError('plain'), { apiKey: KEY }))).toMatch(
      /^expected a ModelCallError/,
    );
  });

  it('catches a provider that leaks the key from an echoing server', async () => {
    const mock = await start({
      reply: () => ({
        status: 401,
        body: { error: { message: `bad key ${KEY}` } },
        headers: { 'x-echo': KEY },
      }),
    });
    const model = createReferenceProvider('openai', { timeoutMs: 5000, breaks: 'leak-key' }).languageModel(
      'm',
      {
        baseUrl: mock.baseUrls.openai,
        env: { OPENAI_API_KEY: KEY },
      },
    );
    const failure = await model.doGenerate(CONTRACT_REQUEST).catch((caught: unknown) => caught);
    expect(
      violation(() => checkModelCallError(failure, { status: 401, retryable: false, apiKey: KEY })),
    ).toContain('the API key appears in the error: error.message');
  });
});

describe('everythingIn and apiKeyHeader', () => {
  it('renders message, stack, fields and causes', () => {
    const text = everythingIn(
      new ModelCallError('outer', { url: 'http://u', isRetryable: false }, { cause: new Error('inner') }),
    );
    expect(text).toContain('outer');
    expect(text).toContain('http://u');
    expect(text).toContain('inner');
    expect(everythingIn('a string')).toContain('a string');
  });

  it('names each wire key header', () => {
    expect(apiKeyHeader('openai', 'k')).toEqual({ name: 'authorization', value: 'Bearer k' });
    expect(apiKeyHeader('azure', 'k')).toEqual({ name: 'api-key', value: 'k' });
    expect(apiKeyHeader('anthropic', 'k')).toEqual({ name: 'x-api-key', value: 'k' });
    expect(apiKeyHeader('gemini', 'k')).toEqual({ name: 'x-goog-api-key', value: 'k' });
  });
});
