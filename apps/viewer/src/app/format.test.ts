import { describe, expect, it } from 'vitest';
import {
  formatCount,
  formatInterval,
  formatScore,
  formatTokenTick,
  formatUsd,
  formatUsdTick,
} from './format.ts';

describe('number formats', () => {
  it('shows scores with three decimals and unknowns as a dash', () => {
    expect(formatScore(0.5)).toBe('0.500');
    expect(formatScore(2 / 3)).toBe('0.667');
    expect(formatScore(0)).toBe('0.000');
    expect(formatScore(null)).toBe('–');
  });

  it('shows intervals, dollars and counts', () => {
    expect(formatInterval([0.25, 0.75])).toBe('[0.250, 0.750]');
    expect(formatInterval(null)).toBe('');
    expect(formatUsd(1.234)).toBe('$1.23');
    expect(formatUsd(0.00012)).toBe('$0.0001');
    expect(formatUsd(null)).toBe('–');
    expect(formatCount(10000)).toBe('10,000');
  });

  it('shows axis ticks as short round numbers: dollars to three significant digits, tokens as 39K', () => {
    expect([0, 0.0025, 0.002, 0.5, 12.5, 1500, 38_979].map(formatUsdTick)).toEqual([
      '$0',
      '$0.0025',
      '$0.002',
      '$0.5',
      '$12.5',
      '$1,500',
      '$39,000',
    ]);
    expect([0, 500, 39_000, 38_979, 1_500_000].map(formatTokenTick)).toEqual([
      '0',
      '500',
      '39K',
      '39K',
      '1.5M',
    ]);
  });
});
