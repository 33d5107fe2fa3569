import { describe, expect, it } from 'vitest';
import { firstAlphanumeric, pythonRstrip } from './python-text.ts';

describe('pythonRstrip', () => {
  it("strips what Python's str.rstrip() strips", () => {
    expect(pythonRstrip('Answer: ')).toBe('Answer:');
    expect(pythonRstrip('Answer:\n\t \u00a0\u3000\x1f\x85')).toBe('Answer:');
    expect(pythonRstrip('Line one\nLine two:\n ')).toBe('Line one\nLine two:');
    expect(pythonRstrip('  lead')).toBe('  lead');
  });

  it('keeps U+FEFF, which JavaScript trimEnd() would remove', () => {
    expect(pythonRstrip('Answer:\ufeff')).toBe('Answer:\ufeff');
  });
});

describe('firstAlphanumeric', () => {
  it('finds the label character of a reference prefix', () => {
    expect(firstAlphanumeric('A. ')).toBe('A');
    expect(firstAlphanumeric('(1) ')).toBe('1');
    expect(firstAlphanumeric(' - ')).toBeUndefined();
    expect(firstAlphanumeric('[α] ')).toBe('α');
  });
});
