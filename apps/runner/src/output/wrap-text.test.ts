import { describe, expect, it } from 'vitest';
import { wrapList, wrapWords } from './wrap-text.ts';

describe('wrapList', () => {
  it('joins items with commas in lines of at most the width, never splitting an item', () => {
    expect(wrapList(['alpha', 'beta', 'gamma', 'delta'], 12)).toEqual(['alpha, beta,', 'gamma,', 'delta']);
    expect(wrapList(['a-very-long-item'], 5)).toEqual(['a-very-long-item']);
    expect(wrapList([], 10)).toEqual([]);
  });
});

describe('wrapWords', () => {
  it('breaks at spaces, indenting the lines after the first, each within the width', () => {
    const lines = wrapWords('one two three four five six', 10, '  ');
    expect(lines).toEqual(['one two', '  three', '  four', '  five six']);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(10);
  });

  it('keeps a word longer than the width whole', () => {
    expect(wrapWords('short unbreakable-long-word end', 8)).toEqual([
      'short',
      'unbreakable-long-word',
      'end',
    ]);
  });
});
