import {
  type GenerationRequest,
  type GenerationResult,
  type LanguageModelV1,
  ModelCallError,
  REQUEST_DEFAULTS,
} from '@medhelm/core';
import { createRateLimiter, type RetryEvent } from '@medhelm/http';
import type { RequestCacheEntry, RequestCacheLike } from '@medhelm/store';
import { describe, expect, it } from 'vitest';
import type { CostBudget } from './cost-budget.ts';
import { CostCapReached } from './cost-cap-reached.ts';
import { InProcessCostBudget } from './in-process-cost-budget.ts';
import { estimateTokens, MeteredModel } from './metered-model.ts';
import { SpendMeter } from './spend-meter.ts';

const request: GenerationRequest = {
  prompt: 'Question: Is aspirin an NSAID?\nAnswer:',
  temperature: 0,
  maxTokens: 5,
  stopSequences: [],
  numCompletions: 1,
  topKPerToken: 1,
  ...REQUEST_DEFAULTS,
};

const answer: GenerationResult = {
  completions: [{ text: 'yes', finishReason: 'stop' }],
  usage: { promptTokens: 10, completionTokens: 1 },
  requestTimeSeconds: 0.1,
};

function memoryCache(): RequestCacheLike & { entries: Map<string, RequestCacheEntry> } {
  const entries = new Map<string, RequestCacheEntry>();
  return {
    entries,
    get: (key) => entries.get(key)?.result,
    put: async (key, entry) => {
      entries.set(key, entry);
    },
    size: () => entries.size,
  };
}

/** A model failing with `errors` in turn, then answering. */
function scriptedModel(...errors: unknown[]): LanguageModelV1 & { calls: number } {
  const model = {
    specificationVersion: 'v1' as const,
    providerId: 'fake',
    modelId: 'fake-model',
    cacheIdentity: { baseUrl: 'http://127.0.0.1:1' },
    calls: 0,
    async doGenerate(): Promise<GenerationResult> {
      const error = errors[model.calls];
      model.calls++;
      if (error !== undefined) throw error;
      return answer;
    },
  };
  return model;
}

function overloaded(headers: Record<string, string> = {}, status = 503): ModelCallError {
  return new ModelCallError(`fake: HTTP ${status}`, { status, headers, isRetryable: true });
}

const noWait = async () => {};

describe('MeteredModel', () => {
  it('makes one call and caches the answer', async () => {
    const cache = memoryCache();
    const model = scriptedModel();
    const cached = new MeteredModel(model, { cache });
    const first = await cached.generate(request);
    expect(first).toMatchObject({ result: answer, cached: false });
    const second = await cached.generate(request);
    expect(second).toEqual({ result: answer, cached: true, requestKey: first.requestKey });
    expect(model.calls).toBe(1);
  });

  it('with maxRetries 0 does not retry', async () => {
    const error = overloaded();
    const model = scriptedModel(error);
    await expect(
      new MeteredModel(model, { cache: memoryCache(), retry: { maxRetries: 0 } }).generate(request),
    ).rejects.toBe(error);
    expect(model.calls).toBe(1);
  });

  it('retries retryable failures, then caches the answer', async () => {
    const cache = memoryCache();
    const model = scriptedModel(overloaded(), overloaded({}, 500));
    const events: RetryEvent[] = [];
    const cached = new MeteredModel(model, {
      cache: cache,
      limiter: createRateLimiter({ concurrency: 2 }),
      onRetry: (event) => events.push(event),
      sleep: noWait,
    });
    const generation = await cached.generate(request);
    expect(generation).toMatchObject({ result: answer, cached: false });
    expect(model.calls).toBe(3);
    expect(events.map((event) => [event.attempt, event.reason])).toEqual([
      [1, 'backoff'],
      [2, 'backoff'],
    ]);
    expect(cache.size()).toBe(1);
    expect((await cached.generate(request)).cached).toBe(true);
    expect(model.calls).toBe(3);
  });

  it('rethrows a non-retryable failure at once and caches nothing', async () => {
    const cache = memoryCache();
    const badRequest = new ModelCallError('fake: HTTP 400', { status: 400, isRetryable: false });
    const model = scriptedModel(badRequest);
    const cached = new MeteredModel(model, { cache: cache, sleep: noWait });
    await expect(cached.generate(request)).rejects.toBe(badRequest);
    expect(model.calls).toBe(1);
    expect(cache.size()).toBe(0);
  });

  it('gives up after the policy retries with the last error', async () => {
    const errors = Array.from({ length: 5 }, () => overloaded());
    const model = scriptedModel(...errors);
    const cached = new MeteredModel(model, { cache: memoryCache(), retry: { maxRetries: 2 }, sleep: noWait });
    await expect(cached.generate(request)).rejects.toBe(errors[2]);
    expect(model.calls).toBe(3);
  });

  it('waits the Retry-After hint and pauses the whole limiter for it', async () => {
    let clock = 1_000_000;
    const limiter = createRateLimiter({ concurrency: 4, now: () => clock, sleep: async () => {} });
    const paused: number[] = [];
    const pause = limiter.pause.bind(limiter);
    limiter.pause = (untilMs) => {
      paused.push(untilMs);
      pause(untilMs);
    };
    const waits: number[] = [];
    const model = scriptedModel(overloaded({ 'retry-after': '3' }, 429));
    const cached = new MeteredModel(model, {
      cache: memoryCache(),
      limiter,
      sleep: async (ms) => {
        waits.push(ms);
        clock += ms;
      },
    });
    await cached.generate(request);
    expect(waits).toEqual([3000]);
    expect(paused).toEqual([1_003_000]);
    expect(model.calls).toBe(2);
  });

  it('counts every attempt against the limiter', async () => {
    let starts = 0;
    const limiter = createRateLimiter({ concurrency: 1 });
    const run = limiter.run.bind(limiter);
    limiter.run = (tokens, task, signal) => {
      starts++;
      expect(tokens).toBe(estimateTokens(request));
      return run(tokens, task, signal);
    };
    const model = scriptedModel(overloaded());
    await new MeteredModel(model, { cache: memoryCache(), limiter, sleep: noWait }).generate(request);
    expect(starts).toBe(2);
  });

  it('stops waiting for a retry when its signal aborts', async () => {
    const controller = new AbortController();
    const error = overloaded({ 'retry-after': '3600' }, 429);
    const model = scriptedModel(error, error);
    const cached = new MeteredModel(model, { cache: memoryCache(), signal: controller.signal });
    const started = performance.now();
    setTimeout(() => controller.abort(), 20);
    await expect(cached.generate(request)).rejects.toBe(error);
    expect(model.calls).toBe(1);
    expect(performance.now() - started).toBeLessThan(10_000);
  });
});

describe('MeteredModel sharing and spending', () => {
  const price = {
    inputPerMillion: 1_000_000,
    outputPerMillion: 1_000_000,
    currency: 'USD',
    origin: 'override',
  } as const;

  it('shares one call among identical requests in flight; the second costs nothing', async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let calls = 0;
    const model: LanguageModelV1 = {
      specificationVersion: 'v1',
      providerId: 'fake',
      modelId: 'fake-model',
      cacheIdentity: {},
      async doGenerate() {
        calls++;
        await gate;
        return answer;
      },
    };
    const meter = new SpendMeter();
    const metered = new MeteredModel(model, { cache: memoryCache(), meter, price });
    const first = metered.generate(request);
    const second = metered.generate(request);
    release();
    expect((await first).cached).toBe(false);
    expect((await second).cached).toBe(true);
    expect(calls).toBe(1);
    expect(meter.spentUsage).toEqual({ promptTokens: 10, completionTokens: 1 });
    expect(meter.cachedUsage).toEqual({ promptTokens: 10, completionTokens: 1 });
    expect(meter.usd).toBe(11);
  });

  it('refuses a call that could cross the budget before calling, and counts what calls cost', async () => {
    const model = scriptedModel();
    // Reserved per call: ceil(39 / 4) = 10 prompt + 5 completion tokens at $1 each = $15.
    const budget = new InProcessCostBudget(20);
    const metered = new MeteredModel(model, { cache: memoryCache(), budget, price });
    await metered.generate(request);
    expect(budget.spentUsd).toBe(11);
    await expect(metered.generate({ ...request, prompt: 'x'.repeat(40) })).rejects.toBeInstanceOf(
      CostCapReached,
    );
    expect(model.calls).toBe(1);
    expect(budget.exhausted).toBe(true);
    // An answer in the cache is free: no reservation needed.
    expect((await metered.generate(request)).cached).toBe(true);
  });

  it('waits for a budget that answers asynchronously (one shared by workers) before calling', async () => {
    const model = scriptedModel();
    const settled: Array<[bigint, bigint]> = [];
    let allow = true;
    const budget: CostBudget = {
      tryReserve: async () => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        return allow;
      },
      settle: async (reserved, actual) => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        settled.push([reserved, actual]);
      },
      get exhausted() {
        return !allow;
      },
    };
    const metered = new MeteredModel(model, { cache: memoryCache(), budget, price });
    await metered.generate(request);
    // Reserved $15 (see above), spent 10 prompt + 1 completion tokens at $1 each; settled before it returned.
    expect(settled).toEqual([[15_000_000_000_000n, 11_000_000_000_000n]]);
    allow = false;
    await expect(metered.generate({ ...request, prompt: 'y' })).rejects.toBeInstanceOf(CostCapReached);
    expect(model.calls).toBe(1);
  });

  it('is durable before it returns: the answer was put into the cache first', async () => {
    const order: string[] = [];
    const cache = memoryCache();
    const put = cache.put;
    cache.put = async (key, entry) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      order.push('put');
      return put(key, entry);
    };
    await new MeteredModel(scriptedModel(), { cache }).generate(request);
    order.push('returned');
    expect(order).toEqual(['put', 'returned']);
  });
});

describe('estimateTokens', () => {
  it('is a quarter of the prompt characters plus the most the model may write', () => {
    expect(estimateTokens({ ...request, prompt: 'x'.repeat(401), maxTokens: 10 })).toBe(111);
    expect(estimateTokens({ ...request, prompt: '', maxTokens: 10, numCompletions: 3 })).toBe(30);
    expect(
      estimateTokens({
        ...request,
        prompt: 'ignored',
        messages: [
          { role: 'system', content: 'x'.repeat(40) },
          { role: 'user', content: 'y'.repeat(40) },
        ],
        maxTokens: 0,
      }),
    ).toBe(20);
  });
});
