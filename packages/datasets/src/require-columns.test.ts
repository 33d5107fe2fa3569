import { DatasetLoadError } from '@medhelm/core';
import { describe, expect, it } from 'vitest';
import { requireColumns } from './require-columns.ts';

describe('requireColumns', () => {
  it('passes a header with every required column, in any order, among others', () => {
    expect(() =>
      requireColumns({ file: 'a.csv', columns: ['x', 'b', 'a'] }, ['a', 'b'], 'why'),
    ).not.toThrow();
  });

  it('names the file, every missing column (the first as the field), the columns there are, and why', () => {
    let error: unknown;
    try {
      requireColumns({ file: 'a.csv', columns: ['x', 'b'] }, ['a', 'b', 'c'], 'HELM reads a and c.');
    } catch (thrown) {
      error = thrown;
    }
    expect(DatasetLoadError.isInstance(error)).toBe(true);
    expect((error as DatasetLoadError).location).toEqual({ file: 'a.csv', field: 'a' });
    expect((error as DatasetLoadError).message).toContain(
      'The header row lacks "a", "c" (it has "x", "b"); HELM reads a and c.',
    );
  });

  it('says so when the table has no columns at all', () => {
    expect(() => requireColumns({ file: 'e.xlsx', columns: [] }, ['text'], 'why')).toThrow(
      'The header row lacks "text" (it has no columns); why',
    );
  });
});
