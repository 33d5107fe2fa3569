import type { GenerationRequest } from '@medhelm/core';
import { describe, expect, it } from 'vitest';
import { type RequestCacheKeyParts, requestCacheKey } from './request-cache-key.ts';
import { StoreError } from './store-error.ts';

const request: GenerationRequest = {
  prompt: 'Answer A, B or C.\nQuestion: ...',
  temperature: 0,
  maxTokens: 1,
  stopSequences: ['\n', '###'],
  numCompletions: 1,
  topKPerToken: 5,
  topP: 1,
  presencePenalty: 0,
  frequencyPenalty: 0,
};

const parts: RequestCacheKeyParts = {
  providerId: 'openai-compatible',
  modelId: 'meta-llama/Llama-3.1-8B-Instruct',
  cacheIdentity: { baseUrl: 'http://127.0.0.1:8000/v1' },
  request,
  sampleIndex: 0,
};

const baseKey = requestCacheKey(parts);

describe('requestCacheKey', () => {
  it('is the key version followed by a sha256 hex digest', () => {
    expect(baseKey).toMatch(/^v1:[0-9a-f]{64}$/);
  });

  it('does not depend on property order anywhere in the parts', () => {
    const reordered: RequestCacheKeyParts = {
      sampleIndex: 0,
      request: {
        frequencyPenalty: 0,
        presencePenalty: 0,
        topP: 1,
        topKPerToken: 5,
        numCompletions: 1,
        stopSequences: ['\n', '###'],
        maxTokens: 1,
        temperature: 0,
        prompt: 'Answer A, B or C.\nQuestion: ...',
      },
      cacheIdentity: { baseUrl: 'http://127.0.0.1:8000/v1' },
      modelId: 'meta-llama/Llama-3.1-8B-Instruct',
      providerId: 'openai-compatible',
    };
    expect(requestCacheKey(reordered)).toBe(baseKey);
    expect(requestCacheKey(structuredClone(parts))).toBe(baseKey);
  });

  it('treats an absent optional request field like an undefined one', () => {
    expect(
      requestCacheKey({ ...parts, request: { ...request, random: undefined, messages: undefined } }),
    ).toBe(baseKey);
  });

  const changes: Record<string, RequestCacheKeyParts> = {
    providerId: { ...parts, providerId: 'vllm' },
    modelId: { ...parts, modelId: 'meta-llama/Llama-3.1-70B-Instruct' },
    'cacheIdentity.baseUrl': { ...parts, cacheIdentity: { baseUrl: 'http://127.0.0.1:8001/v1' } },
    'an extra cacheIdentity entry': { ...parts, cacheIdentity: { ...parts.cacheIdentity, deployment: 'eu' } },
    prompt: { ...parts, request: { ...request, prompt: `${request.prompt} ` } },
    messages: { ...parts, request: { ...request, messages: [{ role: 'user', content: request.prompt }] } },
    'messages order': {
      ...parts,
      request: {
        ...request,
        messages: [
          { role: 'user', content: 'hi' },
          { role: 'system', content: 'be brief' },
        ],
      },
    },
    temperature: { ...parts, request: { ...request, temperature: 0.7 } },
    maxTokens: { ...parts, request: { ...request, maxTokens: 2 } },
    'stopSequences order': { ...parts, request: { ...request, stopSequences: ['###', '\n'] } },
    'stopSequences content': { ...parts, request: { ...request, stopSequences: ['\n'] } },
    numCompletions: { ...parts, request: { ...request, numCompletions: 2 } },
    topKPerToken: { ...parts, request: { ...request, topKPerToken: 1 } },
    topP: { ...parts, request: { ...request, topP: 0.9 } },
    presencePenalty: { ...parts, request: { ...request, presencePenalty: 0.1 } },
    frequencyPenalty: { ...parts, request: { ...request, frequencyPenalty: 0.1 } },
    random: { ...parts, request: { ...request, random: '1' } },
    sampleIndex: { ...parts, sampleIndex: 1 },
  };

  it.each(Object.entries(changes))('changes when %s changes', (_field, changed) => {
    expect(requestCacheKey(changed)).not.toBe(baseKey);
  });

  it('gives every variation its own key', () => {
    const keys = new Set(Object.values(changes).map(requestCacheKey));
    expect(keys.size).toBe(Object.keys(changes).length);
    expect(keys.has(baseKey)).toBe(false);
  });

  it('distinguishes messages that differ only in role', () => {
    const a = requestCacheKey({
      ...parts,
      request: { ...request, messages: [{ role: 'user', content: 'x' }] },
    });
    const b = requestCacheKey({
      ...parts,
      request: { ...request, messages: [{ role: 'assistant', content: 'x' }] },
    });
    expect(a).not.toBe(b);
  });

  it('hashes new request fields too (the request is hashed whole)', () => {
    const extended = { ...request, seed: 42 } as GenerationRequest;
    expect(requestCacheKey({ ...parts, request: extended })).not.toBe(baseKey);
  });

  it('takes no credential: a stray apiKey on the parts neither enters nor changes the key', () => {
    const secret = 'sk-proj-THIS_IS_A_SECRET_0123456789';
    // @ts-expect-error RequestCacheKeyParts has no field for an API key, by design.
    const withKey = requestCacheKey({ ...parts, apiKey: secret });
    expect(withKey).toBe(baseKey);
    expect(withKey).not.toContain('sk-');
  });

  it.each([
    'apiKey',
    'api_key',
    'X-Api-Key',
    'token',
    'accessToken',
    'Authorization',
    'password',
    'clientSecret',
  ])('refuses a cacheIdentity entry named %s', (name) => {
    expect(() => requestCacheKey({ ...parts, cacheIdentity: { [name]: 'sk-123' } })).toThrow(/credential/);
  });

  it('accepts harmless names: containing "token", or naming where a key is found', () => {
    expect(() =>
      requestCacheKey({
        ...parts,
        cacheIdentity: { tokenizer: 'llama3', maxTokensField: 'max_tokens', apiKeyEnvVar: 'OPENAI_API_KEY' },
      }),
    ).not.toThrow();
  });

  it.each(['Bearer abc.def', 'sk-proj-0123456789abcdefXYZ'])(
    'refuses a value that is a credential (%s)',
    (value) => {
      expect(() => requestCacheKey({ ...parts, cacheIdentity: { deployment: value } })).toThrow(/credential/);
    },
  );

  it('refuses a URL that carries a user name, password or key parameter', () => {
    expect(() =>
      requestCacheKey({ ...parts, cacheIdentity: { baseUrl: 'https://user:hunter2@example.org/v1' } }),
    ).toThrow(/URL carrying credentials/);
    expect(() =>
      requestCacheKey({ ...parts, cacheIdentity: { baseUrl: 'https://x.openai.azure.com/?api-key=abc' } }),
    ).toThrow(/URL carrying credentials/);
    expect(() =>
      requestCacheKey({
        ...parts,
        cacheIdentity: { baseUrl: 'https://x.openai.azure.com/?api-version=2024-06-01' },
      }),
    ).not.toThrow();
  });

  it('refuses malformed parts with a StoreError', () => {
    expect(() => requestCacheKey({ ...parts, sampleIndex: -1 })).toThrow(StoreError);
    expect(() => requestCacheKey({ ...parts, sampleIndex: 0.5 })).toThrow(/sampleIndex/);
    expect(() => requestCacheKey({ ...parts, modelId: '' })).toThrow(/modelId/);
    expect(() => requestCacheKey({ ...parts, providerId: '' })).toThrow(/providerId/);
    expect(() => requestCacheKey({ ...parts, request: { ...request, temperature: Number.NaN } })).toThrow(
      /temperature is NaN/,
    );
  });
});
