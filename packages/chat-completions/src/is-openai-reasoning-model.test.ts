import { describe, expect, it } from 'vitest';
import { isOpenAiReasoningModel } from './is-openai-reasoning-model.ts';
import { parseReasoningEffortSuffix } from './parse-reasoning-effort-suffix.ts';

describe('isOpenAiReasoningModel', () => {
  it.each([
    'o1',
    'o1-mini',
    'o1-2024-12-17',
    'o3',
    'o3-mini',
    'o3-mini-2025-01-31',
    'o3-pro',
    'o4-mini',
    'o4-mini-2025-04-16',
    'gpt-5',
    'gpt-5-mini',
    'gpt-5-nano-2025-08-07',
    'gpt-5.1',
  ])('knows %s is a reasoning model', (id) => {
    expect(isOpenAiReasoningModel(id)).toBe(true);
  });

  it.each(['gpt-4o', 'gpt-4o-2024-08-06', 'gpt-4.1-mini', 'gpt-3.5-turbo', 'o1x', 'omni', 'gpt-50'])(
    'knows %s is not',
    (id) => {
      expect(isOpenAiReasoningModel(id)).toBe(false);
    },
  );
});

describe('parseReasoningEffortSuffix', () => {
  it("takes HELM's -<effort>-reasoning-effort suffix off the id", () => {
    expect(parseReasoningEffortSuffix('o3-mini-2025-01-31-high-reasoning-effort')).toEqual({
      modelId: 'o3-mini-2025-01-31',
      reasoningEffort: 'high',
    });
    expect(parseReasoningEffortSuffix('o1-low-reasoning-effort')).toEqual({
      modelId: 'o1',
      reasoningEffort: 'low',
    });
    expect(parseReasoningEffortSuffix('gpt-5-medium-reasoning-effort').reasoningEffort).toBe('medium');
  });

  it('leaves other ids alone', () => {
    for (const id of ['o3-mini', 'gpt-4o', '-high-reasoning-effort', 'o3-extreme-reasoning-effort']) {
      expect(parseReasoningEffortSuffix(id)).toEqual({ modelId: id, reasoningEffort: undefined });
    }
  });
});
