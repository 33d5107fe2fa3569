import { describe, expect, it } from 'vitest';
import { majorityVerdict } from './majority-verdict.ts';

describe('majorityVerdict', () => {
  it('is met when most usable verdicts say met, and not met on a tie', () => {
    expect(majorityVerdict([true, true, false])).toBe(true);
    expect(majorityVerdict([true, false, false])).toBe(false);
    expect(majorityVerdict([true, false])).toBe(false);
    expect(majorityVerdict([true])).toBe(true);
  });

  it('counts only the usable verdicts, and has none when no judge gave one', () => {
    expect(majorityVerdict([true, undefined, undefined])).toBe(true);
    expect(majorityVerdict([false, undefined, true, true])).toBe(true);
    expect(majorityVerdict([undefined, undefined])).toBeUndefined();
    expect(majorityVerdict([])).toBeUndefined();
  });
});
