import { inspect } from 'node:util';
import {
  type GenerationRequest,
  type GenerationResult,
  generationResultSchema,
  type LanguageModelV1,
  type ModelProviderV1,
  type ProviderSettingsV1,
  REQUEST_DEFAULTS,
} from '@medhelm/core';
import { afterEach, describe, expect, it } from 'vitest';
import type { MockFaultOptions } from './create-fault-injector.ts';
import {
  type MockModelServer,
  type MockModelServerOptions,
  startMockModelServer,
} from './mock-model-server.ts';
import type { MockWire } from './mock-wire.ts';
import {
  apiKeyHeader,
  CONTRACT_API_KEY,
  checkModelCallError,
  checkWireRequest,
  secretPlaces,
} from './provider-contract-checks.ts';
import { ProviderContractViolation } from './provider-contract-violation.ts';

/** Provider settings as the contract suite's `settings` callback returns them: `env` is optional. */
export type ProviderContractSettings = Omit<ProviderSettingsV1, 'env'> & {
  env?: ProviderSettingsV1['env'];
};

/** The checks of {@link describeProviderContract}, by id (for `knownViolations`). */
export type ProviderContractCheck =
  | 'identity'
  | 'request-shape'
  | 'stop-sequences'
  | 'num-completions'
  | 'chat-messages'
  | 'api-key-variable'
  | 'usage'
  | 'finish-reasons'
  | 'rate-limit'
  | 'server-error'
  | 'unavailable'
  | 'bad-request'
  | 'unauthorized'
  | 'malformed-json'
  | 'empty-completion'
  | 'connection-reset'
  | 'timeout'
  | 'abort'
  | 'key-not-in-model'
  | 'connections'
  | 'default-connections';

/** Options of {@link describeProviderContract}. */
export interface ProviderContractOptions {
  /**
   * Builds the provider under test. The suite calls it with a short `timeoutMs` for the "hang"
   * check (the provider must give up after that long without response headers, with a retryable
   * ModelCallError) and with a long one for every other check.
   */
  createProvider: (options: { timeoutMs: number }) => ModelProviderV1;
  /** The wire the provider speaks. */
  wire: MockWire;
  /** The model id passed to `languageModel`; on Azure the deployment name, on Gemini the path's model. */
  modelId: string;
  /**
   * The settings pointing the provider at the mock server, e.g.
   * `(server) => ({ baseUrl: server.baseUrls.anthropic })`. The suite adds the API key to `env`.
   */
  settings: (server: MockModelServer) => ProviderContractSettings;
  /**
   * The variable the provider reads the key from when the settings name none (e.g.
   * `ANTHROPIC_API_KEY`); the suite then checks that default. Without it the suite sets
   * `apiKeyEnvVar` in the settings (unless `settings` does) and puts the key there.
   */
  apiKeyEnvVar?: string;
  /** Gemini only: accept the key in the documented `?key=` query instead of the `x-goog-api-key` header. */
  allowKeyInQuery?: boolean;
  /** The short timeout of the "hang" check, milliseconds (default 300). */
  timeoutMs?: number;
  /** Name of the suite (default `provider contract (<wire>)`). */
  name?: string;
  /**
   * Checks the provider is known to fail, with the reason. They run as `it.fails`: they pass while
   * the provider still breaks them and fail once it is fixed, so the entry gets removed.
   */
  knownViolations?: Partial<Record<ProviderContractCheck, string>>;
}

// A long timeout for every check but "hang": slow CI machines must not turn into timeouts.
const LONG_TIMEOUT_MS = 60_000;
const SUITE_KEY_VARIABLE = 'MEDHELM_CONTRACT_API_KEY';
const OTHER_KEY_VARIABLE = 'MEDHELM_CONTRACT_OTHER_API_KEY';
const OTHER_KEY = 'sk-medhelm-contract-other-93d1a0c5e7';
// ProviderSettingsV1.connections: the engine sets it to the run's concurrency; 16 without it.
const WIDE_POOL = 32;
const DEFAULT_POOL = 16;
// How long the server holds a request that waits for others to arrive: long enough for a wide
// pool's sockets all to connect on a slow machine. The default-pool check only bounds the most in
// flight, which holding shorter cannot raise, so it holds briefly and stays quick.
const WIDE_POOL_HOLD_MS = 5000;
const DEFAULT_POOL_HOLD_MS = 300;

/** The text-prompt request the suite sends: a HELM multiple-choice prompt asking for one token. */
export const CONTRACT_REQUEST: GenerationRequest = {
  prompt: 'Question: Is aspirin a nonsteroidal anti-inflammatory drug?\nA. yes\nB. no\nAnswer:',
  temperature: 0,
  maxTokens: 7,
  stopSequences: [],
  numCompletions: 1,
  topKPerToken: 1,
  ...REQUEST_DEFAULTS,
};

/**
 * The vitest suite every model provider package runs against itself, on a real mock server
 * speaking its wire ({@link startMockModelServer}):
 *
 * 1. request shape: the prompt as the single user message (chat messages as given, system prompts
 *    where the wire wants them), max tokens, temperature, stop sequences (left out when empty where
 *    the wire requires it), `n`/`candidateCount`; the API key in the wire's header, from the
 *    variable the settings name, and nowhere else (not in the URL, body or other headers);
 * 2. mapping: texts in choice order, usage from the wire's fields, finish reasons to `stop`/`length`;
 * 3. errors: 429 is a retryable ModelCallError with status 429 and `retry-after` in `headers`;
 *    500 and 503 are retryable; 400 and 401 are not; a malformed JSON 200, a reset connection and a
 *    server that never answers (past the provider's timeout) are retryable; a 200 without choices
 *    is a ModelCallError; an aborted signal rejects promptly;
 * 4. connections: with `settings.connections: 32` and 32 concurrent calls the server holds, all 32
 *    are in flight at once; without it, at most 16 are (the engine sets it to the run's concurrency);
 * 5. the API key appears in no error (message, stack, hint, body, headers, cause chain, inspect),
 *    even when the server echoes it, nor in the model object.
 *
 * Call it at the top level of a test file in the provider package:
 * `describeProviderContract({ createProvider: (o) => createAnthropicProvider(o), wire: 'anthropic',
 * modelId: 'claude-3-5-haiku-20241022', settings: (server) => ({ baseUrl: server.baseUrls.anthropic }),
 * apiKeyEnvVar: 'ANTHROPIC_API_KEY' })`.
 */
export function describeProviderContract(options: ProviderContractOptions): void {
  const { wire, modelId } = options;
  const shortTimeoutMs = options.timeoutMs ?? 300;
  const servers: MockModelServer[] = [];
  const models: LanguageModelV1[] = [];

  interface Setup {
    server: MockModelServer;
    model: LanguageModelV1;
  }

  async function setup(
    serverOptions: Omit<MockModelServerOptions, 'wires'> = {},
    modelOptions: { timeoutMs?: number; settings?: (server: MockModelServer) => ProviderSettingsV1 } = {},
  ): Promise<Setup> {
    const server = await startMockModelServer({ ...serverOptions, wires: [wire] });
    servers.push(server);
    const provider = options.createProvider({ timeoutMs: modelOptions.timeoutMs ?? LONG_TIMEOUT_MS });
    const settings = (modelOptions.settings ?? contractSettings)(server);
    const model = provider.languageModel(modelId, settings);
    models.push(model);
    return { server, model };
  }

  function contractSettings(server: MockModelServer): ProviderSettingsV1 {
    const given = options.settings(server);
    const apiKeyEnvVar =
      given.apiKeyEnvVar ?? (options.apiKeyEnvVar === undefined ? SUITE_KEY_VARIABLE : undefined);
    const keyVariable = apiKeyEnvVar ?? options.apiKeyEnvVar ?? SUITE_KEY_VARIABLE;
    return { ...given, apiKeyEnvVar, env: { ...given.env, [keyVariable]: CONTRACT_API_KEY } };
  }

  function faulted(kind: MockFaultOptions['kinds'], extra: Partial<MockFaultOptions> = {}) {
    return { faults: { rate: 1, kinds: kind, ...extra } };
  }

  /**
   * Makes WIDE_POOL concurrent calls with `settings.connections` set to `connections` (or left out)
   * and returns the most requests the server held at once. The server holds each request until
   * `release` requests are in flight (then all of them answer) or `holdMs` has passed, so a pool of
   * N sockets shows as N requests in flight.
   */
  async function mostInFlight(
    connections: number | undefined,
    release: number,
    holdMs: number,
  ): Promise<number> {
    let inFlight = 0;
    let most = 0;
    const held: (() => void)[] = [];
    const { server, model } = await setup(
      {
        reply: async () => {
          inFlight++;
          most = Math.max(most, inFlight);
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, holdMs);
            held.push(() => {
              clearTimeout(timer);
              resolve();
            });
            if (inFlight >= release) for (const answer of held.splice(0)) answer();
          });
          inFlight--;
          return 'A';
        },
      },
      { settings: (mock) => ({ ...contractSettings(mock), connections }) },
    );
    const results = await Promise.all(
      Array.from({ length: WIDE_POOL }, () => model.doGenerate(CONTRACT_REQUEST)),
    );
    expect(results.map((result) => result.completions[0]?.text)).toEqual(Array(WIDE_POOL).fill('A'));
    expect(server.requests).toHaveLength(WIDE_POOL);
    return most;
  }

  async function failure(promise: Promise<GenerationResult>, server: MockModelServer): Promise<unknown> {
    try {
      await promise;
    } catch (error) {
      return error;
    }
    const attempts = server.requests.length;
    throw new ProviderContractViolation(
      `the call succeeded, but the contract expects it to fail${
        attempts > 1
          ? ` (the server got ${attempts} requests: a provider must not retry by itself; the engine retries)`
          : ''
      }`,
    );
  }

  // Checks the request even when the call failed (the mock rejects what the API would), so the
  // failure names what was wrong with the request rather than only the status it got.
  async function generateAndCheck(
    server: MockModelServer,
    model: LanguageModelV1,
    request: GenerationRequest,
  ): Promise<GenerationResult> {
    const outcome = await model.doGenerate(request).then(
      (result) => ({ result }),
      (error: unknown) => ({ error }),
    );
    checkWireRequest(server.requests[0], {
      wire,
      modelId,
      request,
      apiKey: CONTRACT_API_KEY,
      allowKeyInQuery: options.allowKeyInQuery,
    });
    if ('error' in outcome) throw outcome.error;
    return outcome.result;
  }

  const check = (id: ProviderContractCheck, title: string, test: () => Promise<void> | void): void => {
    const reason = options.knownViolations?.[id];
    if (reason === undefined) it(`${title} [${id}]`, test);
    else it.fails(`${title} [${id}; known violation: ${reason}]`, test);
  };

  describe(options.name ?? `provider contract (${wire})`, () => {
    afterEach(async () => {
      await Promise.all(
        models.splice(0).map(async (model) => {
          const close = (model as { close?: unknown }).close;
          if (typeof close === 'function') await (close as () => Promise<void>).call(model);
        }),
      );
      await Promise.all(servers.splice(0).map((server) => server.close()));
    });

    check('identity', 'is a v1 provider whose models report their provider and model id', async () => {
      const { model } = await setup();
      const provider = options.createProvider({ timeoutMs: LONG_TIMEOUT_MS });
      expect(provider.specificationVersion).toBe('v1');
      expect(provider.id).not.toBe('');
      expect(model.specificationVersion).toBe('v1');
      expect(model.providerId).toBe(provider.id);
      expect(model.modelId).toBe(modelId);
    });

    check(
      'request-shape',
      'sends the prompt as the single user message, with the decoding parameters and the key in its header',
      async () => {
        const { server, model } = await setup({ reply: () => ' B' });
        const result = await generateAndCheck(server, model, CONTRACT_REQUEST);
        expect(generationResultSchema.parse(result)).toEqual(result);
        expect(result.completions).toEqual([{ text: ' B', finishReason: 'stop', ...logprobOf(result) }]);
      },
    );

    check(
      'stop-sequences',
      'sends stop sequences, max tokens and temperature in the wire fields',
      async () => {
        const { server, model } = await setup();
        const request = {
          ...CONTRACT_REQUEST,
          stopSequences: ['\n\n', '###'],
          maxTokens: 50,
          temperature: 0.7,
        };
        await generateAndCheck(server, model, request);
      },
    );

    if (wire !== 'anthropic') {
      check('num-completions', 'asks for numCompletions answers and returns them in order', async () => {
        const { server, model } = await setup({ reply: () => ({ content: ['one', 'two', 'three'] }) });
        const request = { ...CONTRACT_REQUEST, numCompletions: 3, temperature: 0.7 };
        const result = await generateAndCheck(server, model, request);
        expect(result.completions.map((completion) => completion.text)).toEqual(['one', 'two', 'three']);
      });
    }

    check(
      'chat-messages',
      'sends chat messages as given, the system prompt where the wire wants it',
      async () => {
        const { server, model } = await setup();
        const request: GenerationRequest = {
          ...CONTRACT_REQUEST,
          messages: [
            { role: 'system', content: 'You are a careful physician.' },
            { role: 'user', content: 'Is aspirin an NSAID?' },
            { role: 'assistant', content: 'Yes.' },
            { role: 'user', content: 'Answer with one letter.' },
          ],
        };
        await generateAndCheck(server, model, request);
      },
    );

    check('api-key-variable', 'reads the key from the variable settings.apiKeyEnvVar names', async () => {
      const { server, model } = await setup(
        {},
        {
          settings: (mock) => {
            const given = options.settings(mock);
            return {
              ...given,
              apiKeyEnvVar: OTHER_KEY_VARIABLE,
              env: {
                ...given.env,
                [OTHER_KEY_VARIABLE]: OTHER_KEY,
                [options.apiKeyEnvVar ?? SUITE_KEY_VARIABLE]: CONTRACT_API_KEY,
              },
            };
          },
        },
      );
      await model.doGenerate(CONTRACT_REQUEST);
      const received = server.requests[0];
      const header = apiKeyHeader(wire, OTHER_KEY);
      const sent =
        received?.headers[header.name] ?? (options.allowKeyInQuery ? received?.query.key : undefined);
      expect(
        sent === header.value || sent === OTHER_KEY,
        `the key sent is the one in ${OTHER_KEY_VARIABLE}`,
      ).toBe(true);
      expect(JSON.stringify(received?.headers)).not.toContain(CONTRACT_API_KEY);
    });

    check('usage', "maps the wire's usage to promptTokens and completionTokens", async () => {
      const { model } = await setup({
        reply: () => ({ usage: { prompt_tokens: 42, completion_tokens: 3 } }),
      });
      const result = await model.doGenerate(CONTRACT_REQUEST);
      expect(result.usage.promptTokens).toBe(42);
      expect(result.usage.completionTokens).toBe(3);
      expect(result.usage.estimated ?? false).toBe(false);
    });

    check('finish-reasons', "maps the wire's finish reasons to stop and length", async () => {
      const reasons = ['stop', 'length', 'stop_sequence'];
      const { model } = await setup({
        reply: (_call, index) => ({ finishReason: reasons[index] ?? 'stop' }),
      });
      const request = { ...CONTRACT_REQUEST, stopSequences: ['###'] };
      const seen: string[] = [];
      for (const _ of reasons)
        seen.push((await model.doGenerate(request)).completions[0]?.finishReason ?? '');
      expect(seen).toEqual(['stop', 'length', 'stop']);
    });

    check('rate-limit', 'reports 429 as retryable, with retry-after in error.headers', async () => {
      const { server, model } = await setup(faulted(['rate-limit'], { retryAfterSeconds: 7 }));
      checkModelCallError(await failure(model.doGenerate(CONTRACT_REQUEST), server), {
        status: 429,
        retryable: true,
        headers: { 'retry-after': '7' },
        apiKey: CONTRACT_API_KEY,
      });
    });

    check('server-error', 'reports 500 as retryable', async () => {
      const { server, model } = await setup(faulted(['server-error']));
      checkModelCallError(await failure(model.doGenerate(CONTRACT_REQUEST), server), {
        status: 500,
        retryable: true,
        apiKey: CONTRACT_API_KEY,
      });
    });

    check('unavailable', 'reports 503 as retryable', async () => {
      const { server, model } = await setup(faulted(['unavailable']));
      checkModelCallError(await failure(model.doGenerate(CONTRACT_REQUEST), server), {
        status: 503,
        retryable: true,
        apiKey: CONTRACT_API_KEY,
      });
    });

    check('bad-request', 'reports 400 as not retryable', async () => {
      const { server, model } = await setup({ reply: () => ({ status: 400 }) });
      checkModelCallError(await failure(model.doGenerate(CONTRACT_REQUEST), server), {
        status: 400,
        retryable: false,
        apiKey: CONTRACT_API_KEY,
      });
    });

    check(
      'unauthorized',
      'reports 401 as not retryable, without the key even when the server echoes it',
      async () => {
        const { server, model } = await setup({
          reply: (call) => ({
            status: 401,
            headers: {
              'x-echo': `Bearer ${CONTRACT_API_KEY}`,
              'www-authenticate': `Bearer ${CONTRACT_API_KEY}`,
            },
            body: echoedKeyBody(call.wire),
          }),
        });
        checkModelCallError(await failure(model.doGenerate(CONTRACT_REQUEST), server), {
          status: 401,
          retryable: false,
          apiKey: CONTRACT_API_KEY,
        });
        expect(server.requests).toHaveLength(1);
      },
    );

    check('malformed-json', 'reports a 200 with malformed JSON as retryable', async () => {
      const { server, model } = await setup(faulted(['malformed-json']));
      checkModelCallError(await failure(model.doGenerate(CONTRACT_REQUEST), server), {
        retryable: true,
        apiKey: CONTRACT_API_KEY,
      });
    });

    check('empty-completion', 'reports a 200 without choices as a ModelCallError', async () => {
      const { server, model } = await setup(faulted(['empty-completion']));
      checkModelCallError(await failure(model.doGenerate(CONTRACT_REQUEST), server), {
        apiKey: CONTRACT_API_KEY,
      });
    });

    check('connection-reset', 'reports a reset connection as retryable, without a status', async () => {
      const { server, model } = await setup(faulted(['connection-reset']));
      checkModelCallError(await failure(model.doGenerate(CONTRACT_REQUEST), server), {
        status: undefined,
        checkStatus: true,
        retryable: true,
        apiKey: CONTRACT_API_KEY,
      });
    });

    check(
      'timeout',
      `gives up on a server that never answers after timeoutMs (${shortTimeoutMs} ms), as retryable`,
      async () => {
        const { server, model } = await setup(faulted(['hang']), { timeoutMs: shortTimeoutMs });
        const started = performance.now();
        const error = await failure(model.doGenerate(CONTRACT_REQUEST), server);
        const elapsed = performance.now() - started;
        checkModelCallError(error, { retryable: true, apiKey: CONTRACT_API_KEY });
        expect(elapsed, 'milliseconds until the call gave up').toBeLessThan(shortTimeoutMs + 5000);
      },
    );

    check('abort', 'stops waiting when the signal aborts', async () => {
      const { server, model } = await setup({ reply: () => ({ delayMs: 30_000 }) });
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 100);
      const started = performance.now();
      const error = await failure(model.doGenerate(CONTRACT_REQUEST, { signal: controller.signal }), server);
      expect(performance.now() - started).toBeLessThan(5000);
      expect(secretPlaces(error, CONTRACT_API_KEY), 'renderings of the error with the API key').toEqual([]);
    });

    check(
      'connections',
      `keeps ${WIDE_POOL} requests in flight at once when settings.connections is ${WIDE_POOL}`,
      async () => {
        const most = await mostInFlight(WIDE_POOL, WIDE_POOL, WIDE_POOL_HOLD_MS);
        expect(most, `requests in flight at once with connections: ${WIDE_POOL}`).toBe(WIDE_POOL);
      },
    );

    check(
      'default-connections',
      `keeps at most ${DEFAULT_POOL} requests in flight at once without settings.connections`,
      async () => {
        const most = await mostInFlight(undefined, DEFAULT_POOL + 1, DEFAULT_POOL_HOLD_MS);
        expect(most, 'requests in flight at once by default').toBeLessThanOrEqual(DEFAULT_POOL);
      },
    );

    check('key-not-in-model', 'keeps the key out of the model object and its cacheIdentity', async () => {
      const { model } = await setup();
      expect(JSON.stringify(model.cacheIdentity)).not.toContain(CONTRACT_API_KEY);
      expect(JSON.stringify(model)).not.toContain(CONTRACT_API_KEY);
      expect(inspect(model, { depth: 10, showHidden: true })).not.toContain(CONTRACT_API_KEY);
    });
  });
}

// The result's completions may carry a logprob; the mock sends none, so any value is the provider's.
function logprobOf(result: GenerationResult): { logprob?: number } {
  const logprob = result.completions[0]?.logprob;
  return logprob === undefined ? {} : { logprob };
}

// A 401 body, in the wire's shape, that repeats the key as some servers do.
function echoedKeyBody(wire: MockWire): unknown {
  const message = `Incorrect API key provided: ${CONTRACT_API_KEY}.`;
  switch (wire) {
    case 'anthropic':
      return { type: 'error', error: { type: 'authentication_error', message } };
    case 'gemini':
      return { error: { code: 401, message, status: 'UNAUTHENTICATED' } };
    default:
      return { error: { message, type: 'invalid_request_error', param: null, code: 'invalid_api_key' } };
  }
}
