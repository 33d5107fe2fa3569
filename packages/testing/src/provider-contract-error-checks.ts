import { expect } from 'vitest';
import type { MockWire } from './mock-wire.ts';
import { CONTRACT_API_KEY, checkModelCallError, secretPlaces } from './provider-contract-checks.ts';
import { CONTRACT_REQUEST, type ProviderContractHarness } from './provider-contract-harness.ts';

/** The checks of how a provider reports failures: statuses, malformed answers, resets, timeouts, aborts. */
export function describeErrorChecks(harness: ProviderContractHarness): void {
  const { shortTimeoutMs, setup, faulted, failure, check } = harness;

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
