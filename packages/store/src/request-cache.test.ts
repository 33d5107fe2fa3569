import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { GenerationRequest, GenerationResult } from '@medhelm/core';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDisabledRequestCache } from './disabled-request-cache.ts';
import { MedHelmStore } from './medhelm-store.ts';
import { requestCacheKey } from './request-cache-key.ts';
import { StoreError } from './store-error.ts';

const request: GenerationRequest = {
  prompt: 'Is aspirin an NSAID? Answer yes or no.',
  temperature: 0,
  maxTokens: 5,
  stopSequences: [],
  numCompletions: 1,
  topKPerToken: 1,
  topP: 1,
  presencePenalty: 0,
  frequencyPenalty: 0,
};

const result: GenerationResult = {
  completions: [{ text: ' yes', finishReason: 'stop', logprob: -0.01 }],
  usage: { promptTokens: 12, completionTokens: 1 },
  requestTimeSeconds: 0.25,
  requestDatetime: 1_733_100_000,
};

const entry = { providerId: 'openai-compatible', modelId: 'meta-llama/Llama-3.1-8B-Instruct', result };

const key = requestCacheKey({
  providerId: entry.providerId,
  modelId: entry.modelId,
  cacheIdentity: { baseUrl: 'http://127.0.0.1:8000/v1' },
  request,
  sampleIndex: 0,
});

let dir: string;
let path: string;
let store: MedHelmStore | undefined;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'medhelm-store-'));
  path = join(dir, 'cache', 'medhelm.sqlite');
});

afterEach(() => {
  store?.close();
  store = undefined;
  rmSync(dir, { recursive: true, force: true });
});

function open(): MedHelmStore {
  store = MedHelmStore.open({ path });
  return store;
}

describe('RequestCache', () => {
  it('misses, then returns what was put', async () => {
    const { requestCache } = open();
    expect(requestCache.get(key)).toBeUndefined();
    expect(requestCache.size()).toBe(0);
    await requestCache.put(key, entry);
    expect(requestCache.get(key)).toEqual(result);
    expect(requestCache.size()).toBe(1);
  });

  it('keeps results across close and reopen', async () => {
    await open().requestCache.put(key, entry);
    store?.close();
    const reopened = open();
    expect(reopened.requestCache.get(key)).toEqual(result);
    expect(reopened.requestCache.size()).toBe(1);
  });

  it('upserts: a second put replaces the first without adding a row', async () => {
    const { requestCache } = open();
    await requestCache.put(key, entry);
    const second = { ...result, completions: [{ text: ' no', finishReason: 'stop' }] };
    await requestCache.put(key, { ...entry, result: second });
    expect(requestCache.get(key)).toEqual(second);
    expect(requestCache.size()).toBe(1);
  });

  it('stores provider, model and created_at next to the result', async () => {
    const before = Date.now();
    await open().requestCache.put(key, entry);
    store?.close();
    const db = new Database(path, { readonly: true });
    const row = db.prepare('SELECT * FROM request_cache').get() as Record<string, unknown>;
    db.close();
    expect(Object.keys(row).sort()).toEqual(['created_at', 'key', 'model_id', 'provider_id', 'result_json']);
    expect(row['key']).toBe(key);
    expect(row['provider_id']).toBe(entry.providerId);
    expect(row['model_id']).toBe(entry.modelId);
    expect(row['created_at']).toBeGreaterThanOrEqual(before);
    expect(JSON.parse(row['result_json'] as string)).toEqual(result);
  });

  it.each([
    ['text that is not JSON', '{"completions": [tru'],
    ['JSON of the wrong shape', '{"completions": [], "usage": {}}'],
    ['a JSON string', '"hello"'],
  ])('treats a corrupt row (%s) as a miss and deletes it', async (_what, corrupt) => {
    const { requestCache } = open();
    await requestCache.put(key, entry);
    // Damage the row behind the store's back, through a second, plain connection.
    const db = new Database(path);
    db.prepare('UPDATE request_cache SET result_json = ? WHERE key = ?').run(corrupt, key);
    db.close();
    expect(requestCache.get(key)).toBeUndefined();
    expect(requestCache.size()).toBe(0);
    await requestCache.put(key, entry);
    expect(requestCache.get(key)).toEqual(result);
  });

  it('refuses to store an invalid result', async () => {
    const { requestCache } = open();
    const invalid = { ...result, completions: [] } as GenerationResult;
    expect(() => requestCache.put(key, { ...entry, result: invalid })).toThrow(StoreError);
    expect(requestCache.size()).toBe(0);
  });

  it('stores only schema fields, so extra provider data never reaches the file', async () => {
    const { requestCache } = open();
    const withExtra = { ...result, rawResponse: { headers: { authorization: 'Bearer sk-SECRET' } } };
    await requestCache.put(key, { ...entry, result: withExtra as GenerationResult });
    expect(requestCache.get(key)).toEqual(result);
    store?.close();
    const file = readFileSync(path);
    expect(file.includes(entry.modelId)).toBe(true); // the row did reach the main file
    expect(file.includes('sk-SECRET')).toBe(false);
  });

  it('has no way to receive a credential: put takes no key, and the file holds no secret', async () => {
    const { requestCache } = open();
    const secret = 'sk-live-0123456789abcdef';
    // @ts-expect-error RequestCacheEntry has no field for an API key, by design.
    await requestCache.put(key, { ...entry, apiKey: secret });
    store?.close();
    const db = new Database(path, { readonly: true });
    const everything = JSON.stringify(db.prepare('SELECT * FROM request_cache').all());
    db.close();
    expect(everything).toContain(entry.modelId);
    expect(everything).not.toContain(secret);
    expect(readFileSync(path).includes(secret)).toBe(false);
  });
});

describe('createDisabledRequestCache', () => {
  it('always misses and stores nothing', async () => {
    const cache = createDisabledRequestCache();
    await cache.put(key, entry);
    expect(cache.get(key)).toBeUndefined();
    expect(cache.size()).toBe(0);
  });
});
