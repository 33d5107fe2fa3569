import { ConfigError } from '@medhelm/core';
import { describe, expect, it } from 'vitest';
import { reasoningCacheIdentity, resolveReasoningModel } from './resolve-reasoning-model.ts';

describe('resolveReasoningModel', () => {
  it('detects by prefix, takes the effort from the suffix or the option, and lets the option override', () => {
    expect(resolveReasoningModel('gpt-4o')).toEqual({
      wireModelId: 'gpt-4o',
      reasoning: false,
      reasoningEffort: undefined,
    });
    expect(resolveReasoningModel('o3-mini', { reasoningEffort: 'low' })).toEqual({
      wireModelId: 'o3-mini',
      reasoning: true,
      reasoningEffort: 'low',
    });
    expect(resolveReasoningModel('o3-mini-high-reasoning-effort', { reasoningEffort: 'low' })).toEqual({
      wireModelId: 'o3-mini',
      reasoning: true,
      reasoningEffort: 'high',
    });
    expect(resolveReasoningModel('my-deployment-medium-reasoning-effort').reasoning).toBe(true);
    expect(resolveReasoningModel('my-o1-deployment', { reasoning: true }).reasoning).toBe(true);
    expect(resolveReasoningModel('o1', { reasoning: false, reasoningEffort: 'high' })).toEqual({
      wireModelId: 'o1',
      reasoning: false,
      reasoningEffort: undefined,
    });
    expect(
      resolveReasoningModel('ft:o4-mini:acme', { reasoning: (id) => id.startsWith('ft:o4') }).reasoning,
    ).toBe(true);
  });

  it('rejects an unknown effort and names the reasoning parameters in the cache identity', () => {
    expect(() => resolveReasoningModel('o3', { reasoningEffort: 'max' as 'high' })).toThrow(ConfigError);
    expect(reasoningCacheIdentity(resolveReasoningModel('gpt-4o'))).toEqual({});
    expect(reasoningCacheIdentity(resolveReasoningModel('o3'))).toEqual({ parameters: 'reasoning' });
    expect(reasoningCacheIdentity(resolveReasoningModel('o3-low-reasoning-effort'))).toEqual({
      parameters: 'reasoning',
      reasoningEffort: 'low',
    });
  });
});
