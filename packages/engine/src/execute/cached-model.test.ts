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
import { CachedLanguageModel, estimateTokens } from './cached-model.ts';

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
    put: (key, entry) => {
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

describe('CachedLanguageModel', () => {
  it('without options makes one plain call and caches the answer', async () => {
    const cache = memoryCache();
    const model = scriptedModel();
    const cached = new CachedLanguageModel(model, cache);
    const first = await cached.generate(request);
    expect(first).toMatchObject({ result: answer, cached: false });
    const second = await cached.generate(request);
    expect(second).toEqual({ result: answer, cached: true, requestKey: first.requestKey });
    expect(model.calls).toBe(1);
  });

  it('without options does not retry', async () => {
    const error = overloaded();
    const model = scriptedModel(error);
    await expect(new CachedLanguageModel(model, memoryCache()).generate(request)).rejects.toBe(error);
    expect(model.calls).toBe(1);
  });

  it('retries retryable failures, then caches the answer', async () => {
    const cache = memoryCache();
    const model = scriptedModel(overloaded(), overloaded({}, 500));
    const events: RetryEvent[] = [];
    const cached = new CachedLanguageModel(model, cache, {
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
    const cached = new CachedLanguageModel(model, cache, { sleep: noWait });
    await expect(cached.generate(request)).rejects.toBe(badRequest);
    expect(model.calls).toBe(1);
    expect(cache.size()).toBe(0);
  });

  it('gives up after the policy retries with the last error', async () => {
    const errors = Array.from({ length: 5 }, () => overloaded());
    const model = scriptedModel(...errors);
    const cached = new CachedLanguageModel(model, memoryCache(), { retry: { maxRetries: 2 }, sleep: noWait });
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
    const cached = new CachedLanguageModel(model, memoryCache(), {
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
    await new CachedLanguageModel(model, memoryCache(), { limiter, sleep: noWait }).generate(request);
    expect(starts).toBe(2);
  });

  it('stops waiting for a retry when its signal aborts', async () => {
    const controller = new AbortController();
    const error = overloaded({ 'retry-after': '3600' }, 429);
    const model = scriptedModel(error, error);
    const cached = new CachedLanguageModel(model, memoryCache(), { signal: controller.signal });
    const started = performance.now();
    setTimeout(() => controller.abort(), 20);
    await expect(cached.generate(request)).rejects.toBe(error);
    expect(model.calls).toBe(1);
    expect(performance.now() - started).toBeLessThan(10_000);
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
