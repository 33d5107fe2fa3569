import { describe, expect, it } from 'vitest';
import { defineNormalizer } from '../define/define.ts';
import { applyNormalizers } from './apply-normalizers.ts';

const context = { instance: { id: 'id0', input: { text: '' }, references: [], split: 'test' } };

describe('applyNormalizers', () => {
  it('applies normalizers in order and stops at null', () => {
    const seen: string[] = [];
    const upper = defineNormalizer({ id: 'upper', normalize: (value) => value.toUpperCase() });
    const none = defineNormalizer({ id: 'none', normalize: () => null });
    const record = defineNormalizer({
      id: 'record',
      normalize: (value) => {
        seen.push(value);
        return value;
      },
    });
    expect(applyNormalizers([upper, record], ' a ', context)).toBe(' A ');
    expect(applyNormalizers([none, record], 'b', context)).toBeNull();
    expect(seen).toEqual([' A ']);
  });
});
