// Hand-written: no JavaScript library reproduces pandas' per-column type inference and Python's
// str() of the cells it gives, which HELM's prompts show as they are ("Type: 2.0", "nan", "1.0").
import { pythonFloatRepr } from '@medhelm/python-text';

/** A cell before pandas' type inference: a CSV field or a spreadsheet value; `null` is NA (missing). */
export type PandasRawValue = string | number | boolean | null;

/** A DataFrame cell after pandas' type inference, as the Python value HELM's code gets from it. */
export type PandasCell =
  | { readonly type: 'str'; readonly value: string }
  | { readonly type: 'int'; readonly value: number }
  /** A float; NaN is pandas' missing value. */
  | { readonly type: 'float'; readonly value: number }
  | { readonly type: 'bool'; readonly value: boolean };

/** The dtype pandas gives a column. */
export type PandasDtype = 'int64' | 'float64' | 'bool' | 'object';

/** One column after inference: its dtype and its cells in row order. */
export interface PandasColumn {
  readonly dtype: PandasDtype;
  readonly cells: readonly PandasCell[];
}

/** A column that holds an integer JavaScript cannot hold exactly (pandas reads it as int64/uint64). */
export class PandasIntegerRangeError extends Error {
  override readonly name = 'PandasIntegerRangeError';

  constructor(
    /** The position of the cell in the column. */
    readonly index: number,
    readonly text: string,
  ) {
    super(`the integer ${text.trim()} is too large to read exactly as pandas does`);
  }
}

const NAN: PandasCell = Object.freeze({ type: 'float', value: Number.NaN });
const SPACE = '[\\t\\n\\v\\f\\r ]*';
// pandas' C tokenizer (str_to_int64, xstrtod): optional surrounding whitespace and sign, no `_`.
const INTEGER_TEXT = new RegExp(`^${SPACE}[+-]?\\d+${SPACE}$`);
const FLOAT_TEXT = new RegExp(
  `^${SPACE}[+-]?(?:\\d+\\.?\\d*(?:[eE][+-]?\\d+)?|\\.\\d+(?:[eE][+-]?\\d+)?)${SPACE}$`,
);
const INFINITY_TEXT = /^([+-]?)inf(?:inity)?$/i;
const TRUE_TEXT = new Set(['True', 'TRUE', 'true']);
const FALSE_TEXT = new Set(['False', 'FALSE', 'false']);

/**
 * pandas' type inference for one column of `read_csv` (C parser) or `read_excel` (the python
 * parser over openpyxl's values), with NA cells already `null`:
 *
 * - every non-NA value a number, or text that reads as one (`7`, ` 007 `, `2.5`, `1e3`, `inf`):
 *   `int64` when all are integers and none is NA, else `float64` (NA is NaN, so `2` reads `2.0`);
 *   an all-NA column is `float64` too;
 * - else every non-NA value a boolean or `True`/`TRUE`/`true`/`False`/`FALSE`/`false`: `bool`
 *   (`object` with NaN where some are NA);
 * - else `object`: text stays text (a CSV's `"7"` among words stays `"7"`), a spreadsheet number is
 *   an int when integral (pandas' `_convert_cell`) or a float, NA is the float NaN.
 *
 * Throws {@link PandasIntegerRangeError} for an integer beyond 2^53 in a numeric column. Not
 * reproduced: the C parser's `low_memory` chunks (a file over 256 KiB whose column changes type
 * between chunks), thousands separators, dates.
 */
export function inferPandasColumn(values: readonly PandasRawValue[]): PandasColumn {
  const present = values.filter((value) => value !== null);
  const numbers = present.map(numberOf);
  if (numbers.every((number) => number !== undefined)) {
    const integral = numbers.every((number) => number?.type === 'int') && present.length === values.length;
    let position = 0;
    const cells = values.map((value, index): PandasCell => {
      if (value === null) return NAN;
      const number = numbers[position++] as PandasCell & { type: 'int' | 'float' };
      if (number.type === 'int' && !Number.isSafeInteger(number.value)) {
        throw new PandasIntegerRangeError(index, String(value));
      }
      return integral ? number : { type: 'float', value: number.value };
    });
    return { dtype: integral ? 'int64' : 'float64', cells };
  }
  const booleans = present.map(booleanOf);
  if (booleans.every((value) => value !== undefined)) {
    let position = 0;
    const cells = values.map(
      (value): PandasCell =>
        value === null ? NAN : { type: 'bool', value: booleans[position++] as boolean },
    );
    return { dtype: present.length === values.length ? 'bool' : 'object', cells };
  }
  return { dtype: 'object', cells: values.map(objectCell) };
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
      return String(cell.value);
    case 'float':
      return pythonFloatRepr(cell.value);
    case 'bool':
      return cell.value ? 'True' : 'False';
  }
}

function numberOf(value: string | number | boolean): PandasCell | undefined {
  if (typeof value === 'boolean') return undefined;
  if (typeof value === 'number') {
    return Number.isInteger(value) ? { type: 'int', value } : { type: 'float', value };
  }
  if (INTEGER_TEXT.test(value)) return { type: 'int', value: Number(value.trim()) };
  if (FLOAT_TEXT.test(value)) return { type: 'float', value: Number(value.trim()) };
  const infinity = INFINITY_TEXT.exec(value);
  if (infinity !== null) return { type: 'float', value: infinity[1] === '-' ? -Infinity : Infinity };
  return undefined;
}

function booleanOf(value: string | number | boolean): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return undefined;
  if (TRUE_TEXT.has(value)) return true;
  if (FALSE_TEXT.has(value)) return false;
  return undefined;
}

function objectCell(value: PandasRawValue): PandasCell {
  if (value === null) return NAN;
  if (typeof value === 'string') return { type: 'str', value };
  if (typeof value === 'boolean') return { type: 'bool', value };
  return Number.isInteger(value) ? { type: 'int', value } : { type: 'float', value };
}
