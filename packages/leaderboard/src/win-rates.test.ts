import { describe, expect, it } from 'vitest';
import { columnWinRates, meanWinRates } from './win-rates.ts';

describe('columnWinRates (HELM compute_aggregate_row_win_rates)', () => {
  it('counts a tie as one half of a win against each tied model', () => {
    // 0.8 beats all 3 others: 3/3. Each 0.5 beats 0.2 (1) and ties the other 0.5 (1/2): 1.5/3.
    // 0.2 beats none: 0/3.
    expect(columnWinRates({ values: [0.8, 0.5, 0.5, 0.2] })).toEqual([1, 0.5, 0.5, 0]);
  });

  it('inverts the order for a lower-is-better metric', () => {
    // 1 beats 2 and 3: 2/2; 2 beats 3: 1/2; 3 beats none.
    expect(columnWinRates({ values: [1, 2, 3], lowerIsBetter: true })).toEqual([1, 0.5, 0]);
  });

  it('compares a model only with the models that have a value', () => {
    // Two models have a value: 0.9 beats the one other (1/1), 0.1 none (0/1).
    expect(columnWinRates({ values: [0.9, undefined, 0.1] })).toEqual([1, undefined, 0]);
  });

  it('skips a column with fewer than two values, as HELM does', () => {
    expect(columnWinRates({ values: [0.7, undefined, undefined] })).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('gives every model 1/2 when all tie', () => {
    // Each ties the two others: (1/2 + 1/2) / 2.
    expect(columnWinRates({ values: [0.4, 0.4, 0.4] })).toEqual([0.5, 0.5, 0.5]);
  });
});

describe('meanWinRates', () => {
  it('averages over the benchmarks a model has, leaving out the one it misses', () => {
    // Column 1 [0.8, 0.6, 0.4]: 1, 1/2, 0. Column 2 [0.9, -, 0.1]: 1, -, 0.
    // Row 0: (1 + 1) / 2 = 1. Row 1 has column 1 only: 1/2. Row 2: (0 + 0) / 2 = 0.
    expect(meanWinRates([{ values: [0.8, 0.6, 0.4] }, { values: [0.9, undefined, 0.1] }], 3)).toEqual([
      1, 0.5, 0,
    ]);
  });

  it('is undefined for a model never comparable', () => {
    // Column 2 has one value only, so it is skipped; row 1 has nothing else.
    expect(meanWinRates([{ values: [0.5, undefined] }, { values: [undefined, 0.3] }], 2)).toEqual([
      undefined,
      undefined,
    ]);
  });
});
