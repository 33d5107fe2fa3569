import { describe, expect, it } from 'vitest';
import {
  inferPandasColumn,
  isPandasNa,
  type PandasCell,
  type PandasRawValue,
  pandasStr,
} from './pandas-column.ts';

/** The column's dtype and `str()` of each cell, as `df[c].dtype` and `[str(v) for v in df[c]]` print them. */
function strs(values: PandasRawValue[]): { dtype: string; str: string[] } {
  const column = inferPandasColumn(values);
  return { dtype: column.dtype, str: column.cells.map(pandasStr) };
}

describe("pandas' column type inference", () => {
  it('reads a column of integers as int64, and as float64 once a cell is missing', () => {
    expect(strs(['2', '3', '1'])).toEqual({ dtype: 'int64', str: ['2', '3', '1'] });
    // MentalHealth's dialogue_type with one empty cell: HELM's prompts read "Type: 2.0", "Type: nan".
    expect(strs(['2', null, '1'])).toEqual({ dtype: 'float64', str: ['2.0', 'nan', '1.0'] });
    // CLEAR's result_human from a worksheet (openpyxl ints) with one empty cell.
    expect(strs([null, 1, 0, 2])).toEqual({ dtype: 'float64', str: ['nan', '1.0', '0.0', '2.0'] });
  });

  it('reads text that looks like numbers as numbers: 007 is 7, 1e3 is 1000.0', () => {
    expect(strs(['007', ' 12 ', '+5'])).toEqual({ dtype: 'int64', str: ['7', '12', '5'] });
    expect(strs(['1e3', '2.50', '.5', '3.'])).toEqual({
      dtype: 'float64',
      str: ['1000.0', '2.5', '0.5', '3.0'],
    });
    expect(strs(['inf', '-Infinity', '1'])).toEqual({ dtype: 'float64', str: ['inf', '-inf', '1.0'] });
  });

  it('keeps a column with any non-number as object: text stays text, numbers keep their Python type', () => {
    expect(strs(['7', 'seven', null])).toEqual({ dtype: 'object', str: ['7', 'seven', 'nan'] });
    // A worksheet text column holding a number cell (openpyxl int) and a float cell.
    expect(strs(['a note', 20451117, 2.5])).toEqual({
      dtype: 'object',
      str: ['a note', '20451117', '2.5'],
    });
    expect(strs(['1_000', '12'])).toEqual({ dtype: 'object', str: ['1_000', '12'] });
  });

  it('reads True/False columns as bool, object with NaN where a cell is missing', () => {
    expect(strs(['True', 'false', 'TRUE'])).toEqual({ dtype: 'bool', str: ['True', 'False', 'True'] });
    expect(strs([true, null])).toEqual({ dtype: 'object', str: ['True', 'nan'] });
    expect(strs(['yes', 'True'])).toEqual({ dtype: 'object', str: ['yes', 'True'] });
  });

  it('reads an all-missing column as float64 NaN', () => {
    const column = inferPandasColumn([null, null]);
    expect(column.dtype).toBe('float64');
    expect(column.cells.every(isPandasNa)).toBe(true);
  });

  it('tells NaN apart from text and numbers', () => {
    const cells: PandasCell[] = [
      { type: 'float', value: Number.NaN },
      { type: 'str', value: 'nan' },
      { type: 'float', value: 0 },
    ];
    expect(cells.map(isPandasNa)).toEqual([true, false, false]);
  });

  it('holds integers exactly as bigints, past 2^53 and past int64 (uint64)', () => {
    expect(inferPandasColumn(['1', '9007199254740993'])).toEqual({
      dtype: 'int64',
      cells: [
        { type: 'int', value: 1n },
        { type: 'int', value: 9007199254740993n },
      ],
    });
    expect(inferPandasColumn([7, '18446744073709551615'])).toEqual({
      dtype: 'uint64',
      cells: [
        { type: 'int', value: 7n },
        { type: 'int', value: 18446744073709551615n },
      ],
    });
  });

  it('reads the strings of naValues as NA (readPandasCsv passes pandas’ defaults)', () => {
    expect(strs(['1', 'NA'])).toEqual({ dtype: 'object', str: ['1', 'NA'] });
    const column = inferPandasColumn(['1', 'NA'], new Set(['NA']));
    expect({ dtype: column.dtype, str: column.cells.map(pandasStr) }).toEqual({
      dtype: 'float64',
      str: ['1.0', 'nan'],
    });
  });
});
