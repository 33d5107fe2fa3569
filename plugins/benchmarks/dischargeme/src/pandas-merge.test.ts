import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DatasetLoadError } from '@medhelm/core';
import { describe, expect, it } from 'vitest';
import { pandasInnerMerge, parsePandasInt64Key } from './pandas-merge.ts';

interface MergeCase {
  left: number[];
  right: number[];
  pairs: [number, number][];
}

// Made by pandas 2.3.3 / numpy 2.2.6 (HELM's lock) with scripts/pandas-merge-cases.py.
const { pandas, cases } = JSON.parse(
  readFileSync(join(import.meta.dirname, '..', 'test', 'pandas-merge-cases.json'), 'utf8'),
) as { pandas: string; cases: MergeCase[] };

function pairs(left: number[], right: number[]): [number, number][] {
  const merged = pandasInnerMerge(left, right);
  return Array.from(merged.left, (row, index) => [row, merged.right[index] as number]);
}

describe("pandasInnerMerge: pd.merge(how='inner')'s row order", () => {
  it(`is pandas ${pandas}'s on ${cases.length} key columns, including its scrambled short-cut orders`, () => {
    expect(pandas).toBe('2.3.3');
    for (const { left, right, pairs: expected } of cases) {
      expect(pairs(left, right), JSON.stringify({ left, right })).toEqual(expected);
    }
    // Most cases are ones where pandas does not list each left row with its matches in order.
    const nestedOrder = (left: number[], right: number[]) =>
      left.flatMap((key, i) => right.flatMap((other, j) => (key === other ? [[i, j]] : [])));
    expect(
      cases.filter((c) => JSON.stringify(c.pairs) !== JSON.stringify(nestedOrder(c.left, c.right))).length,
    ).toBeGreaterThan(100);
  });

  it('lists each left row with its matches in order when the right keys are unique', () => {
    expect(pairs([3, 1, 3, 2], [2, 3])).toEqual([
      [0, 1],
      [2, 1],
      [3, 0],
    ]);
  });
});

describe('parsePandasInt64Key', () => {
  const at = { file: 'edstays.csv.gz', line: 4, row: 3, field: 'hadm_id' };

  it('reads the cells pandas reads as int64 (or integral float64) by value', () => {
    expect(parsePandasInt64Key('20001234', at)).toBe(20001234);
    expect(parsePandasInt64Key(' 020001234 ', at)).toBe(20001234);
    expect(parsePandasInt64Key('+7', at)).toBe(7);
    expect(parsePandasInt64Key('20001234.0', at)).toBe(20001234);
  });

  it('gives undefined for an empty cell (the row joins nothing)', () => {
    expect(parsePandasInt64Key('', at)).toBeUndefined();
  });

  it('refuses any other cell, naming the file, line and column', () => {
    for (const cell of ['abc', '1.5', '1e3', 'NA', '99999999999999999999']) {
      let error: unknown;
      try {
        parsePandasInt64Key(cell, at);
      } catch (caught) {
        error = caught;
      }
      expect(DatasetLoadError.isInstance(error), cell).toBe(true);
      expect((error as DatasetLoadError).location).toEqual(at);
      expect((error as Error).message).toContain(JSON.stringify(cell));
    }
  });
});
