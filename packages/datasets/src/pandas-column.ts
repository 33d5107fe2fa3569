// Hand-written: no JavaScript library reproduces pandas' per-column type inference and Python's
// str() of the cells it gives, which HELM's prompts show as they are ("Type: 2.0", "nan", "1.0").
import { pythonFloatRepr } from '@medhelm/python-text';
import { parsePandasFloat } from './parse-pandas-float.ts';

/** A cell before pandas' type inference: a CSV field or a spreadsheet value; `null` is NA (missing). */
export type PandasRawValue = string | number | boolean | null;

/** A DataFrame cell after pandas' type inference, as the Python value HELM's code gets from it. */
export type PandasCell =
  | { readonly type: 'str'; readonly value: string }
  /** An int64 or uint64 value, exact (beyond 2^53 too). */
  | { readonly type: 'int'; readonly value: bigint }
  /** A float; NaN is pandas' missing value. */
  | { readonly type: 'float'; readonly value: number }
  | { readonly type: 'bool'; readonly value: boolean };

/** The dtype pandas gives a column. */
export type PandasDtype = 'int64' | 'uint64' | 'float64' | 'bool' | 'object';

/** One column after inference: its dtype and its cells in row order. */
export interface PandasColumn {
  readonly dtype: PandasDtype;
  readonly cells: readonly PandasCell[];
}

const NAN: PandasCell = Object.freeze({ type: 'float', value: Number.NaN });
const NO_NA_STRINGS: ReadonlySet<string> = new Set();
const SPACE = '[\\t\\n\\v\\f\\r ]*';
// pandas' C tokenizer (str_to_int64): optional surrounding ASCII whitespace and sign, no `_`.
const INTEGER_TEXT = new RegExp(`^${SPACE}[+-]?\\d+${SPACE}$`);
// str_to_uint64 takes a leading `-` (after spaces) as a negative value without reading on.
const NEGATIVE_TEXT = new RegExp(`^${SPACE}-`);
const TRUE_TEXT = new Set(['True', 'TRUE', 'true']);
const FALSE_TEXT = new Set(['False', 'FALSE', 'false']);
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
const UINT64_MAX = 2n ** 64n - 1n;

/**
 * pandas' type inference for one column of `read_csv` (C parser: `_convert_tokens` tries int64,
 * float64, bool, then object) or `read_excel` (spreadsheet numbers and booleans as they are). NA
 * cells are `null` and the strings in `naValues` (`readPandasCsv` passes pandas' defaults):
 *
 * - every non-NA value an integer (` 007 `, `+5`; a spreadsheet's integral number): `int64`, exact
 *   as a bigint, or `float64` once a cell is NA (NaN, so `2` reads `2.0`). Past int64's range
 *   (`_try_uint64`, cell by cell in order, so a cell that is not an integer sends the column on to
 *   float64 only if it comes before one past uint64): `uint64` when no value is negative or NA;
 *   else text (`object`), with the NA strings kept as written where a value past int64 meets an NA
 *   or negative one (pandas' "Cannot convert to numerical value"), and NaN otherwise;
 * - else every non-NA value a float as pandas reads it (see `parsePandasFloat`: `1e3`, `.5`, `inf`;
 *   `1e400` is not one): `float64`; an all-NA column is `float64` too;
 * - else every non-NA value a boolean or `True`/`TRUE`/`true`/`False`/`FALSE`/`false`: `bool`
 *   (`object` with NaN where some are NA);
 * - else `object`: text stays text (a CSV's `"7"` among words stays `"7"`), a spreadsheet number is
 *   an int when integral (pandas' `_convert_cell`) or a float, NA is the float NaN.
 *
 * Not reproduced: the C parser's `low_memory` chunks (a file over 256 KiB whose column changes type
 * between chunks), thousands separators, dates.
 */
export function inferPandasColumn(
  values: readonly PandasRawValue[],
  naValues: ReadonlySet<string> = NO_NA_STRINGS,
): PandasColumn {
  const isNa = (value: PandasRawValue): boolean =>
    value === null || (typeof value === 'string' && naValues.has(value));
  const objectColumn = (keepNaText: boolean): PandasColumn => ({
    dtype: 'object',
    cells: values.map((value) => (isNa(value) && !(keepNaText && value !== null) ? NAN : objectCell(value))),
  });
  // pandas gives a column without rows the dtype object.
  if (values.length === 0) return { dtype: 'object', cells: [] };
  const integers = integerColumn(values, isNa);
  if (integers === 'object' || integers === 'object keeping NA text') {
    return objectColumn(integers === 'object keeping NA text');
  }
  if (integers !== undefined) return integers;

  const floats: PandasCell[] = [];
  for (const value of values) {
    const float = isNa(value) ? Number.NaN : floatOf(value);
    if (float === undefined) break;
    floats.push({ type: 'float', value: float });
  }
  if (floats.length === values.length) return { dtype: 'float64', cells: floats };

  const booleans: PandasCell[] = [];
  for (const value of values) {
    const boolean = isNa(value) ? undefined : booleanOf(value);
    if (boolean === null) break;
    booleans.push(boolean === undefined ? NAN : { type: 'bool', value: boolean });
  }
  if (booleans.length === values.length) {
    return { dtype: booleans.some((cell) => cell === NAN) ? 'object' : 'bool', cells: booleans };
  }
  return objectColumn(false);
}

/** `pd.isna(cell)`: the cell is NaN (pandas' missing value). */
export function isPandasNa(cell: PandasCell): boolean {
  return cell.type === 'float' && Number.isNaN(cell.value);
}

/** Python's `str(cell)` (and an f-string's `{cell}`): `nan`, `2.0`, `7`, `True`, or the text. */
export function pandasStr(cell: PandasCell): string {
  switch (cell.type) {
    case 'str':
      return cell.value;
    case 'int':
      return cell.value.toString();
    case 'float':
      return pythonFloatRepr(cell.value);
    case 'bool':
      return cell.value ? 'True' : 'False';
  }
}

/**
 * The int64 attempt (`_try_int64`, then `_try_uint64` past int64): the column, undefined when a
 * cell is not an integer (pandas goes on to float64), or which object column pandas falls back to.
 */
function integerColumn(
  values: readonly PandasRawValue[],
  isNa: (value: PandasRawValue) => boolean,
): PandasColumn | 'object' | 'object keeping NA text' | undefined {
  const integers: (bigint | null)[] = [];
  for (const value of values) {
    const integer = isNa(value) ? null : integerOf(value);
    if (integer === undefined) return undefined;
    if (integer !== null && (integer < INT64_MIN || integer > INT64_MAX)) break;
    integers.push(integer);
  }
  if (integers.length === values.length) {
    if (integers.includes(null)) {
      // `_maybe_upcast`: an int64 column with a missing value becomes float64.
      const cells = integers.map((integer) =>
        integer === null ? NAN : { type: 'float' as const, value: Number(integer) },
      );
      return { dtype: 'float64', cells };
    }
    return { dtype: 'int64', cells: (integers as bigint[]).map(intCell) };
  }
  let seenNull = false;
  let seenNegative = false;
  let seenPastInt64 = false;
  const unsigned: bigint[] = [];
  for (const value of values) {
    if (isNa(value)) seenNull = true;
    else if (typeof value === 'string' ? NEGATIVE_TEXT.test(value) : typeof value === 'number' && value < 0)
      seenNegative = true;
    else {
      const integer = integerOf(value);
      if (integer === undefined) return undefined;
      if (integer > UINT64_MAX) return 'object';
      if (integer > INT64_MAX) seenPastInt64 = true;
      unsigned.push(integer);
    }
  }
  if (seenPastInt64 && (seenNull || seenNegative)) return 'object keeping NA text';
  if (seenNegative) return 'object';
  return { dtype: 'uint64', cells: unsigned.map(intCell) };
}

function intCell(value: bigint): PandasCell {
  return { type: 'int', value };
}

function integerOf(value: PandasRawValue): bigint | undefined {
  if (typeof value === 'number') return Number.isInteger(value) ? BigInt(value) : undefined;
  return typeof value === 'string' && INTEGER_TEXT.test(value) ? BigInt(value.trim()) : undefined;
}

function floatOf(value: PandasRawValue): number | undefined {
  if (typeof value === 'number') return value;
  return typeof value === 'string' ? parsePandasFloat(value) : undefined;
}

/** The boolean a value reads as, null when it is not one. */
function booleanOf(value: PandasRawValue): boolean | null {
  if (typeof value === 'boolean') return value;
  if (typeof value !== 'string') return null;
  return TRUE_TEXT.has(value) ? true : FALSE_TEXT.has(value) ? false : null;
}

function objectCell(value: PandasRawValue): PandasCell {
  if (value === null) return NAN;
  if (typeof value === 'string') return { type: 'str', value };
  if (typeof value === 'boolean') return { type: 'bool', value };
  return Number.isInteger(value) ? intCell(BigInt(value)) : { type: 'float', value };
}
