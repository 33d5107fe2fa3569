// Hand-written type inference (on top of csv-parse via readCsvRecords) because HELM's prompts show
// pandas' read_csv types: "007" is printed 7, an empty cell "nan", 1e16 "1e+16".
import { DatasetLoadError } from '@medhelm/core';
import { PANDAS_DEFAULT_NA_VALUES, parseCsvText, readTextFile } from '@medhelm/datasets';
import { pythonFloatRepr } from '@medhelm/python-text';

/** One cell as `df.iterrows()` yields it after `pd.read_csv(path)` with pandas' defaults. */
export type PandasValue =
  | { readonly kind: 'int'; readonly value: bigint }
  | { readonly kind: 'float'; readonly value: number }
  | { readonly kind: 'bool'; readonly value: boolean }
  | { readonly kind: 'str'; readonly value: string };

/** The dtype pandas infers for a column. */
export type PandasDtype = 'int64' | 'uint64' | 'float64' | 'bool' | 'object';

/** One data row: its cells by column, in column order, and where it is in the file. */
export interface PandasRow {
  readonly values: readonly PandasValue[];
  /** 1-based line where the row starts. */
  readonly line: number;
  /** 1-based data row (the header is not counted, nor are skipped blank lines). */
  readonly row: number;
  /** The cells as written (for messages). */
  readonly raw: readonly string[];
}

/** A CSV file as pandas reads it. */
export interface PandasTable {
  /** Column names as pandas gives them (a repeated name gets `.1`, an empty one `Unnamed: <i>`). */
  readonly columns: readonly string[];
  readonly dtypes: readonly PandasDtype[];
  readonly rows: readonly PandasRow[];
}

const WHITESPACE_ONLY = /^[ \t]*$/;
const NAN: PandasValue = { kind: 'float', value: Number.NaN };
const TRUE_VALUES = new Set(['True', 'TRUE', 'true']);
const FALSE_VALUES = new Set(['False', 'FALSE', 'false']);
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
const UINT64_MAX = 2n ** 64n - 1n;

/**
 * Reads a CSV file as HELM's `pd.read_csv(path)` (pandas 2, default options) and `df.iterrows()`
 * give its cells, exactly where HELM's prompts can tell:
 *
 * - the C parser's tokens: a header row, `"`-quoted cells (line breaks kept byte for byte), blank
 *   and whitespace-only lines skipped, a UTF-8 byte-order mark dropped; a repeated column name
 *   becomes `name.1`, an empty one `Unnamed: <index>`;
 * - each column's dtype as pandas infers it, in pandas' order: int64 (ASCII digits, an optional
 *   sign, spaces around; a missing value makes the column float64), uint64 past int64's range,
 *   float64 (pandas' own `precise_xstrtod`, which keeps 17 significant digits, so
 *   `0.30000000000000004` reads as 0.3; `inf`, `-Infinity`...), bool (`True`/`TRUE`/`true`,
 *   `False`/...), else text; its default NA strings (`""`, `NA`, `N/A`, `None`, `null`, `nan`...)
 *   read as NaN;
 * - `iterrows` then gives each row with the frame's common dtype: a frame of ints and floats only
 *   yields every int as a float (`7.0`), one with a text column keeps each value's own type.
 *
 * A row whose field count differs from the header's is a DatasetLoadError (pandas would pad a
 * short row with NaN or shift a long one into the index).
 */
export async function readPandasCsv(path: string, signal?: AbortSignal): Promise<PandasTable> {
  let text = await readTextFile(path);
  signal?.throwIfAborted();
  if (text.startsWith('\uFEFF')) text = text.slice(1);
  const { records, failure } = parseCsvText(text, { newline: 'preserve' });
  // pandas' skip_blank_lines also skips lines of only spaces and tabs.
  const [headerRecord, ...data] = records.filter(
    ({ fields }) => !(fields.length === 1 && WHITESPACE_ONLY.test(fields[0] as string)),
  );
  if (failure !== undefined) {
    throw new DatasetLoadError(`Malformed CSV: ${failure.message}`, {
      cause: failure.cause,
      location: { file: path, line: failure.line },
    });
  }
  if (headerRecord === undefined) {
    throw new DatasetLoadError('The file is empty: expected a header row.', { location: { file: path } });
  }
  const header = headerRecord.fields;
  const tokens = data.map(({ fields, line }, index) => {
    if (fields.length !== header.length) {
      throw new DatasetLoadError(
        `Expected ${header.length} fields as in the header row, found ${fields.length}.`,
        { location: { file: path, line, row: index + 1 } },
      );
    }
    return { raw: fields, line, row: index + 1 };
  });
  const columns = pandasColumnNames(header);
  const converted = columns.map((_, index) => convertColumn(tokens.map((token) => token.raw[index] ?? '')));
  const dtypes = converted.map((column) => column.dtype);
  const frame = commonDtype(dtypes);
  const rows = tokens.map(({ raw, line, row }, rowIndex): PandasRow => {
    const values = converted.map((column) => {
      const value = column.values[rowIndex] as PandasValue;
      return frame === 'float64' && value.kind === 'int'
        ? { kind: 'float' as const, value: Number(value.value) }
        : value;
    });
    return { values, line, row, raw };
  });
  return { columns, dtypes, rows };
}

/** Python's `format(value, "")` of a cell: `7`, `7.0`, `nan`, `1e+16`, `True`, the text itself. */
export function formatPandasValue(value: PandasValue): string {
  switch (value.kind) {
    case 'int':
      return value.value.toString();
    case 'float':
      return pythonFloatRepr(value.value);
    case 'bool':
      return value.value ? 'True' : 'False';
    case 'str':
      return value.value;
  }
}

/** Whether a cell is pandas' missing value (NaN). */
export function isPandasMissing(value: PandasValue): boolean {
  return value.kind === 'float' && Number.isNaN(value.value);
}

/** pandas' column names: `Unnamed: <i>` for an empty header cell, `.1`, `.2` for repeats. */
function pandasColumnNames(header: readonly string[]): string[] {
  const named = header.map((name, index) =>
    index === 0 && name.startsWith('\uFEFF') ? name.slice(1) : name === '' ? `Unnamed: ${index}` : name,
  );
  const seen = new Map<string, number>();
  const taken = new Set(named);
  return named.map((name) => {
    const count = seen.get(name) ?? 0;
    seen.set(name, count + 1);
    if (count === 0) return name;
    let suffix = count;
    while (taken.has(`${name}.${suffix}`)) suffix++;
    const renamed = `${name}.${suffix}`;
    taken.add(renamed);
    seen.set(name, suffix + 1);
    return renamed;
  });
}

interface ConvertedColumn {
  dtype: PandasDtype;
  values: PandasValue[];
}

/** pandas' `_convert_tokens` for a column without a user dtype: int64, float64, bool, then object. */
function convertColumn(cells: readonly string[]): ConvertedColumn {
  const isNa = (cell: string) => PANDAS_DEFAULT_NA_VALUES.has(cell);
  const asText = (naFilter: boolean): ConvertedColumn => ({
    dtype: 'object',
    values: cells.map((cell) => (naFilter && isNa(cell) ? NAN : { kind: 'str', value: cell })),
  });

  const integers = tryInt64(cells, isNa);
  if (integers === 'overflow') {
    const unsigned = tryUint64(cells, isNa);
    // pandas leaves the column as written: NA strings too when int and uint64 conflict.
    if (unsigned === 'conflict') return asText(false);
    if (unsigned === 'overflow') return asText(true);
    if (unsigned !== undefined) return { dtype: 'uint64', values: unsigned };
  } else if (integers !== undefined) {
    if (integers.some((value) => value === undefined)) {
      // A missing value: the ints are upcast to float64 (`_maybe_upcast`).
      return {
        dtype: 'float64',
        values: integers.map((value) => (value === undefined ? NAN : floatOf(value))),
      };
    }
    return { dtype: 'int64', values: integers.map((value) => ({ kind: 'int', value: value as bigint })) };
  }

  const floats = tryFloat64(cells, isNa);
  if (floats !== undefined)
    return { dtype: 'float64', values: floats.map((value) => ({ kind: 'float', value })) };

  const booleans = tryBool(cells, isNa);
  if (booleans !== undefined) {
    const missing = booleans.some((value) => value === undefined);
    return {
      dtype: missing ? 'object' : 'bool',
      values: booleans.map((value) => (value === undefined ? NAN : { kind: 'bool', value })),
    };
  }
  return asText(true);
}

function floatOf(value: bigint): PandasValue {
  return { kind: 'float', value: Number(value) };
}

/** `_try_int64`: each cell an int64 or NA (undefined); undefined when a cell is not an integer. */
function tryInt64(
  cells: readonly string[],
  isNa: (cell: string) => boolean,
): (bigint | undefined)[] | 'overflow' | undefined {
  const values: (bigint | undefined)[] = [];
  for (const cell of cells) {
    if (isNa(cell)) {
      values.push(undefined);
      continue;
    }
    const value = parsePandasInteger(cell);
    if (value === undefined) return undefined;
    if (value < INT64_MIN || value > INT64_MAX) return 'overflow';
    values.push(value);
  }
  return values;
}

/**
 * `_try_uint64` after an int64 overflow: the values, `overflow` past uint64 or below int64 (pandas then keeps the
 * text, NA strings read as NaN), `conflict` for a missing or negative value beside one past int64
 * (pandas keeps the text as written, NA strings included), undefined when a cell is not an integer.
 */
function tryUint64(
  cells: readonly string[],
  isNa: (cell: string) => boolean,
): PandasValue[] | 'overflow' | 'conflict' | undefined {
  const values: PandasValue[] = [];
  let seenNull = false;
  let seenNegative = false;
  let seenPastInt64 = false;
  for (const cell of cells) {
    if (isNa(cell)) {
      seenNull = true;
      values.push(NAN);
      continue;
    }
    const value = parsePandasInteger(cell);
    if (value === undefined) return undefined;
    // Past uint64, or below int64 (which uint64 cannot hold either): pandas keeps the text.
    if (value > UINT64_MAX || value < INT64_MIN) return 'overflow';
    if (value < 0n) seenNegative = true;
    if (value > INT64_MAX) seenPastInt64 = true;
    values.push({ kind: 'int', value });
  }
  if (seenPastInt64 && (seenNull || seenNegative)) return 'conflict';
  return values;
}

/** `_try_double`: each cell a float (NA → NaN), or undefined when one is not a number. */
function tryFloat64(cells: readonly string[], isNa: (cell: string) => boolean): number[] | undefined {
  const values: number[] = [];
  for (const cell of cells) {
    if (isNa(cell)) {
      values.push(Number.NaN);
      continue;
    }
    const value = parsePandasFloat(cell);
    if (value === undefined) return undefined;
    values.push(value);
  }
  return values;
}

/** `_try_bool_flex` with pandas' default true and false strings; NA → undefined. */
function tryBool(
  cells: readonly string[],
  isNa: (cell: string) => boolean,
): (boolean | undefined)[] | undefined {
  const values: (boolean | undefined)[] = [];
  for (const cell of cells) {
    if (isNa(cell)) values.push(undefined);
    else if (TRUE_VALUES.has(cell)) values.push(true);
    else if (FALSE_VALUES.has(cell)) values.push(false);
    else return undefined;
  }
  return values;
}

// pandas' isspace_ascii: space, \t, \n, \v, \f, \r.
const ASCII_SPACE = '[ \\t\\n\\v\\f\\r]*';
const INTEGER = new RegExp(`^${ASCII_SPACE}([+-]?)([0-9]+)${ASCII_SPACE}$`);

/** pandas' `str_to_int64` syntax: spaces, an optional sign, ASCII digits, spaces. */
function parsePandasInteger(cell: string): bigint | undefined {
  const match = INTEGER.exec(cell);
  if (match === null) return undefined;
  const magnitude = BigInt(match[2] as string);
  return match[1] === '-' ? -magnitude : magnitude;
}

const INFINITIES = new Map<string, number>([
  ['inf', Number.POSITIVE_INFINITY],
  ['+inf', Number.POSITIVE_INFINITY],
  ['infinity', Number.POSITIVE_INFINITY],
  ['+infinity', Number.POSITIVE_INFINITY],
  ['-inf', Number.NEGATIVE_INFINITY],
  ['-infinity', Number.NEGATIVE_INFINITY],
]);

// Powers of ten as C's literals give them (correctly rounded), as pandas' table `e[]` has them.
const POWERS_OF_TEN = Array.from({ length: 309 }, (_, exponent) => Number(`1e${exponent}`));

const isDigit = (character: string | undefined) =>
  character !== undefined && character >= '0' && character <= '9';
const isAsciiSpace = (character: string | undefined) =>
  character === ' ' ||
  character === '\t' ||
  character === '\n' ||
  character === '\v' ||
  character === '\f' ||
  character === '\r';

/**
 * pandas' `precise_xstrtod` (tokenizer.c, the default `float_precision`) over a whole cell, with
 * its fallback to the infinity words (case-insensitive `inf`, `infinity`, signed or not): at most
 * 17 significant digits are accumulated in a double (leading zeros count), later ones only move
 * the exponent, and the result is scaled by a power of ten in one multiplication or division.
 */
export function parsePandasFloat(cell: string): number | undefined {
  const parsed = preciseXstrtod(cell);
  if (parsed !== undefined) return parsed;
  return INFINITIES.get(cell.toLowerCase());
}

function preciseXstrtod(text: string): number | undefined {
  const maxDigits = 17;
  let p = 0;
  while (isAsciiSpace(text[p])) p++;
  let negative = false;
  if (text[p] === '-') {
    negative = true;
    p++;
  } else if (text[p] === '+') p++;
  let number = 0;
  let exponent = 0;
  let digits = 0;
  let decimals = 0;
  while (isDigit(text[p])) {
    if (digits < maxDigits) {
      number = number * 10 + Number(text[p]);
      digits++;
    } else exponent++;
    p++;
  }
  if (text[p] === '.') {
    p++;
    while (digits < maxDigits && isDigit(text[p])) {
      number = number * 10 + Number(text[p]);
      p++;
      digits++;
      decimals++;
    }
    if (digits >= maxDigits) while (isDigit(text[p])) p++;
    exponent -= decimals;
  }
  if (digits === 0) return undefined;
  if (negative) number = -number;
  if (text[p] === 'e' || text[p] === 'E') {
    p++;
    let negativeExponent = false;
    if (text[p] === '-') {
      negativeExponent = true;
      p++;
    } else if (text[p] === '+') p++;
    let exponentDigits = 0;
    let n = 0;
    while (exponentDigits < maxDigits && isDigit(text[p])) {
      n = n * 10 + Number(text[p]);
      exponentDigits++;
      p++;
    }
    exponent += negativeExponent ? -n : n;
    // No digits after the `e`: pandas un-consumes one character, so the cell is not a number.
    if (exponentDigits === 0) p--;
  }
  if (exponent > 308) return undefined;
  if (exponent > 0) number *= POWERS_OF_TEN[exponent] as number;
  else if (exponent < -308) {
    if (exponent < -616) number = 0;
    else {
      number /= POWERS_OF_TEN[-308 - exponent] as number;
      number /= POWERS_OF_TEN[308] as number;
    }
  } else number /= POWERS_OF_TEN[-exponent] as number;
  if (!Number.isFinite(number)) return undefined;
  while (isAsciiSpace(text[p])) p++;
  return p === text.length ? number : undefined;
}

/** numpy's common dtype of the frame's columns, which `DataFrame.values` (and so `iterrows`) uses. */
function commonDtype(dtypes: readonly PandasDtype[]): PandasDtype {
  const kinds = new Set(dtypes);
  if (kinds.size <= 1) return dtypes[0] ?? 'object';
  if (kinds.has('object') || kinds.has('bool')) return 'object';
  // int64, uint64 and float64 together: float64 (numpy has no integer type holding both int kinds).
  return 'float64';
}
