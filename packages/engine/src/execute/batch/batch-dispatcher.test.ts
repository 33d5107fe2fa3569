import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BatchApiV1, BatchRequestResultV1, GenerationRequest, GenerationResult } from '@medhelm/core';
import { MedHelmStore } from '@medhelm/store';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BatchDispatcher, customIdOf } from './batch-dispatcher.ts';
import { BatchRequestFailed } from './batch-request-failed.ts';
import { type BatchSettings, DEFAULT_BATCH_SETTINGS } from './batch-settings.ts';

/**
 * A provider's batch API at the edge, in memory: each line's answer is its prompt upper-cased;
 * `errors` decides per custom id and batch number whether a line errors or expires; a batch runs
 * for `pollsUntilEnded` status calls.
 */
function memoryBatchApi(
  options: {
    maxRequests?: number;
    pollsUntilEnded?: number;
    errors?: (customId: string, batchNumber: number) => 'errored' | 'expired' | undefined;
  } = {},
) {
  const batches = new Map<string, { lines: string[]; polls: number }>();
  const api: BatchApiV1 & { batches: typeof batches; cancelled: string[] } = {
    batches,
    cancelled: [],
    limits: { maxRequests: options.maxRequests ?? 100, maxBytes: 1_000_000 },
    encode: (customId, request) => [JSON.stringify({ customId, prompt: request.prompt })],
    submit: async (lines) => {
      const id = `batch_${batches.size + 1}`;
      batches.set(id, { lines: [...lines], polls: 0 });
      return id;
    },
    status: async (batchId) => {
      const batch = batches.get(batchId);
      if (batch === undefined) throw new Error(`no batch ${batchId}`);
      batch.polls++;
      const ended = batch.polls > (options.pollsUntilEnded ?? 0);
      return {
        state: ended ? 'ended' : 'running',
        providerStatus: ended ? 'completed' : 'in_progress',
        counts: { total: batch.lines.length, succeeded: ended ? batch.lines.length : 0, failed: 0 },
      };
    },
    results: async function* (batchId): AsyncIterable<BatchRequestResultV1> {
      const batch = batches.get(batchId);
      const batchNumber = Number(batchId.slice('batch_'.length));
      for (const line of batch?.lines ?? []) {
        const { customId, prompt } = JSON.parse(line) as { customId: string; prompt: string };
        const failure = options.errors?.(customId, batchNumber);
        if (failure !== undefined) {
          yield { customId, error: { reason: failure, message: `line ${failure}`, retryable: true } };
        } else {
          yield { customId, result: answer(prompt.toUpperCase()) };
        }
      }
    },
    cancel: async (batchId) => {
      api.cancelled.push(batchId);
    },
  };
  return api;
}

function answer(text: string): GenerationResult {
  return {
    completions: [{ text, finishReason: 'stop' }],
    usage: { promptTokens: 3, completionTokens: 1 },
    requestTimeSeconds: 0,
  };
}

function request(prompt: string): GenerationRequest {
  return {
    prompt,
    temperature: 0,
    maxTokens: 1,
    stopSequences: [],
    numCompletions: 1,
    topKPerToken: 1,
    topP: 1,
    presencePenalty: 0,
    frequencyPenalty: 0,
  };
}

let dir: string;
let store: MedHelmStore;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'medhelm-batch-dispatcher-'));
  store = MedHelmStore.open({ path: join(dir, 'medhelm.sqlite') });
});

afterEach(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

function dispatcher(
  api: BatchApiV1,
  signal = new AbortController().signal,
  settings: Partial<BatchSettings> = {},
  into = store,
) {
  return new BatchDispatcher({
    api,
    batches: into.batches,
    cache: into.requestCache,
    deployment: 'memory\u0000model',
    displayName: 'memory/model',
    providerId: 'memory',
    modelId: 'model',
    settings: { ...DEFAULT_BATCH_SETTINGS, collectWindowMs: 5, pollIntervalMs: 1, ...settings },
    retry: { maxRetries: 0 },
    signal,
  });
}

const key = (name: string) => `v1:${name.padEnd(64, '0')}`;

describe('BatchDispatcher', () => {
  it('gathers requests that arrive together into one batch, caches every answer and closes the batch', async () => {
    const api = memoryBatchApi({ pollsUntilEnded: 2 });
    const batching = dispatcher(api);
    const answers = await Promise.all(
      ['a', 'b', 'c'].map((name) => batching.request(key(name), request(`q-${name}`), 'the candidate model')),
    );
    expect(answers.map((result) => result.completions[0]?.text)).toEqual(['Q-A', 'Q-B', 'Q-C']);
    // The provider gave no request time: an answer's time is how long its batch took, never 0.
    expect(answers[0]?.requestTimeSeconds).toBeGreaterThan(0);
    expect(api.batches.size).toBe(1);
    expect(store.requestCache.get(key('b'))?.completions[0]?.text).toBe('Q-B');
    expect(store.batches.get('batch_1')?.state).toBe('collected');
    expect(store.batches.requestsOf('batch_1').map((row) => row.customId)).toEqual(
      ['a', 'b', 'c'].map((name) => customIdOf(key(name))).sort(),
    );
  });

  it("cuts the gathered requests to the provider's limits", async () => {
    const api = memoryBatchApi({ maxRequests: 2 });
    const batching = dispatcher(api);
    await Promise.all(['a', 'b', 'c'].map((name) => batching.request(key(name), request(name), 'x')));
    expect([...api.batches.values()].map((batch) => batch.lines.length).sort()).toEqual([1, 2]);
  });

  it("re-attaches to an earlier invocation's open batch instead of submitting the request again", async () => {
    const api = memoryBatchApi({ pollsUntilEnded: 1000 });
    const stop = new AbortController();
    const killed = dispatcher(api, stop.signal);
    const first = killed.request(key('a'), request('q'), 'x');
    // The batch is submitted and recorded; the invocation stops while it runs.
    await waitFor(() => store.batches.open().length === 1);
    stop.abort();
    await expect(first).rejects.toThrow(/stopped/);
    expect(store.batches.get('batch_1')?.state).toBe('open');

    const batch = api.batches.get('batch_1');
    if (batch !== undefined) batch.polls = 1000;
    const again = dispatcher(api);
    const result = await again.request(key('a'), request('q'), 'x');
    expect(result.completions[0]?.text).toBe('Q');
    expect(api.batches.size).toBe(1);
    expect(store.batches.get('batch_1')?.state).toBe('collected');
  });

  it('sends a line that errored or expired in a follow-up batch, and fails it after maxAttempts batches', async () => {
    const api = memoryBatchApi({
      errors: (customId, batchNumber) =>
        customId === customIdOf(key('flaky')) && batchNumber === 1
          ? 'expired'
          : customId === customIdOf(key('broken'))
            ? 'errored'
            : undefined,
    });
    const resent: string[] = [];
    const batching = new BatchDispatcher({
      api,
      batches: store.batches,
      cache: store.requestCache,
      deployment: 'd',
      displayName: 'memory/model',
      providerId: 'memory',
      modelId: 'model',
      settings: { ...DEFAULT_BATCH_SETTINGS, collectWindowMs: 5, pollIntervalMs: 1, maxAttempts: 2 },
      retry: { maxRetries: 0 },
      signal: new AbortController().signal,
      onResend: (event) => resent.push(event.reasons),
    });
    const [ok, flaky, broken] = await Promise.allSettled(
      ['ok', 'flaky', 'broken'].map((name) => batching.request(key(name), request(name), 'x')),
    );
    expect(ok).toMatchObject({ status: 'fulfilled' });
    expect(flaky).toMatchObject({ status: 'fulfilled' });
    expect(broken?.status).toBe('rejected');
    const error = (broken as PromiseRejectedResult).reason;
    expect(BatchRequestFailed.isInstance(error)).toBe(true);
    expect((error as BatchRequestFailed).message).toMatch(
      /memory\/model batch batch_2: .*after 2 batches.*line errored/,
    );
    expect(api.batches.size).toBe(2);
    expect(resent[0]).toMatch(/expired ×1/);
    expect(resent[0]).toMatch(/errored ×1/);
  });

  it('with fallback sync, fails an unanswered line at once so the caller can call synchronously', async () => {
    const api = memoryBatchApi({ errors: () => 'errored' });
    const batching = dispatcher(api, undefined, { fallback: 'sync' });
    const error = await batching.request(key('a'), request('q'), 'x').catch((failure: unknown) => failure);
    expect(BatchRequestFailed.isInstance(error) && error.reason).toBe('errored');
    expect(api.batches.size).toBe(1);
  });

  it('cancels the open batches it followed when asked, leaving them open for the next run to collect', async () => {
    const api = memoryBatchApi({ pollsUntilEnded: 1000 });
    const stop = new AbortController();
    const batching = dispatcher(api, stop.signal);
    const pending = batching.request(key('a'), request('q'), 'x').catch(() => undefined);
    await waitFor(() => store.batches.open().length === 1);
    stop.abort();
    await pending;
    expect(batching.openBatchIds()).toEqual(['batch_1']);
    expect(await batching.cancelOpenBatches()).toEqual(['batch_1']);
    expect(api.cancelled).toEqual(['batch_1']);
    expect(store.batches.get('batch_1')?.state).toBe('open');
  });
});

async function waitFor(condition: () => boolean): Promise<void> {
  for (let tries = 0; tries < 500 && !condition(); tries++)
    await new Promise((resolve) => setTimeout(resolve, 2));
  expect(condition()).toBe(true);
}
