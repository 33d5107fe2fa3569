import { DatasetLoadError } from '@medhelm/core';
import {
  inferPandasColumn,
  type PandasCell,
  type PandasDtype,
  type PandasRawValue,
} from './pandas-column.ts';
import { pandasColumnLabels } from './pandas-column-labels.ts';
import { parseCsvText } from './read-csv-records.ts';
import { readTextFile } from './read-text-file.ts';
import { PANDAS_DEFAULT_NA_VALUES, type ReadXlsxRowsOptions, readXlsxRows } from './read-xlsx-rows.ts';

/** One row of a {@link PandasFrame}. */
export interface PandasRow {
  /** CSV: the 1-based data row (header and skipped blank lines not counted). Excel: the worksheet row (data starts at 2). */
  row: number;
  /** CSV: the 1-based line where the row starts. */
  line?: number;
  /** The row's cells by column label. */
  cells: ReadonlyMap<string, PandasCell>;
}

/** A file read as a pandas DataFrame, as HELM's `pd.read_csv(path)` / `pd.read_excel(path)` give it. */
export interface PandasFrame {
  file: string;
  /** The column labels, in order (empty headers `Unnamed: <i>`, repeats `name.1`). */
  columns: readonly string[];
  /** Each column's dtype after inference. */
  dtypes: ReadonlyMap<string, PandasDtype>;
  rows: readonly PandasRow[];
}

/** Where a row of `frame` is, for a DatasetLoadError about it (`field`: a column). */
export function pandasRowLocation(
  frame: PandasFrame,
  row: PandasRow,
  field?: string,
): { file: string; row: number; line?: number; field?: string } {
  return {
    file: frame.file,
    row: row.row,
    ...(row.line === undefined ? {} : { line: row.line }),
    ...(field === undefined ? {} : { field }),
  };
}

const WHITESPACE_LINE = /^[\t ]+$/;

/**
 * Reads a CSV file as `pandas.read_csv(path)` with its defaults reads it (C parser): UTF-8 (a
 * byte-order mark dropped), the first line that is not blank is the header, records end at `\n`,
 * `\r\n` or `\r` while quoted fields keep their line breaks byte for byte, empty and
 * whitespace-only lines are skipped, a short row is padded with NA, a field that is exactly one of
 * {@link PANDAS_DEFAULT_NA_VALUES} (`""`, `NA`, `None`, `nan`, ...; quoted or not) is NA, and each
 * column's type is inferred as pandas infers it (see `inferPandasColumn`: `2` in a column with an
 * NA reads `2.0`, `0.30000000000000004` reads `0.3`, integers past int64 are uint64 or text).
 * The rows are the frame's as `df[column]` gives them; `pandasIterrows` gives them as
 * `df.iterrows()` does.
 *
 * A row with more fields than the header (pandas: "Error tokenizing data"), malformed quoting or
 * bytes that are not UTF-8 are a DatasetLoadError naming the file and line. Not reproduced:
 * pandas' use of a first column without header as the index when every data row has one field more.
 */
export async function readPandasCsv(
  path: string,
  options: { signal?: AbortSignal } = {},
): Promise<PandasFrame> {
  let text = await readTextFile(path);
  options.signal?.throwIfAborted();
  if (text.startsWith('\ufeff')) text = text.slice(1);
  const { records, failure } = parseCsvText(text, { newline: 'preserve' });
  const [header, ...data] = records.filter(
    ({ fields }) => !(fields.length === 1 && WHITESPACE_LINE.test(fields[0] as string)),
  );
  if (failure !== undefined) {
    throw new DatasetLoadError(`Malformed CSV: ${failure.message}`, {
      cause: failure.cause,
      location: { file: path, line: failure.line },
    });
  }
  if (header === undefined) {
    throw new DatasetLoadError(
      'The file is empty: expected a header row (pandas: "No columns to parse from file").',
      {
        location: { file: path },
      },
    );
  }
  const columns = pandasColumnLabels(header.fields);
  const rawRows = data.map(({ fields, line }, index) => {
    const row = index + 1;
    if (fields.length > columns.length) {
      throw new DatasetLoadError(
        `Expected ${columns.length} fields as in the header row, saw ${fields.length} (pandas stops with "Error tokenizing data"; an unquoted comma?).`,
        { location: { file: path, line, row } },
      );
    }
    // pandas' tokenizer pads a short row with empty fields, which are NA.
    return { row, line, values: columns.map((_, column) => fields[column] ?? '') };
  });
  return buildFrame(path, columns, rawRows, PANDAS_DEFAULT_NA_VALUES);
}

/**
 * Reads a worksheet as `pandas.read_excel(path)` reads it (openpyxl; see `readXlsxRows` for the
 * cells) with pandas' type inference per column: a column of integers with one empty cell is
 * `float64` (`1.0`, `nan`), a column of numbers and text is `object` (an integral number stays an
 * int, `20451117`), text that reads as a number in an all-numeric column becomes one.
 */
export async function readPandasExcel(path: string, options: ReadXlsxRowsOptions = {}): Promise<PandasFrame> {
  let columns: string[] | undefined;
  const rawRows: { row: number; values: PandasRawValue[] }[] = [];
  for await (const { record, row } of readXlsxRows(path, options)) {
    columns ??= Object.keys(record);
    const cells = columns.map((column) => record[column] ?? null);
    rawRows.push({ row, values: cells });
  }
  return buildFrame(path, columns ?? [], rawRows);
}

function buildFrame(
  file: string,
  columns: readonly string[],
  rawRows: readonly { row: number; line?: number; values: readonly PandasRawValue[] }[],
  naValues?: ReadonlySet<string>,
): PandasFrame {
  const dtypes = new Map<string, PandasDtype>();
  const cellColumns = columns.map((column, index) => {
    const inferred = inferPandasColumn(
      rawRows.map(({ values }) => values[index] ?? null),
      naValues,
    );
    dtypes.set(column, inferred.dtype);
    return inferred.cells;
  });
  const rows = rawRows.map(({ row, line }, position): PandasRow => {
    const cells = new Map<string, PandasCell>();
    columns.forEach((column, index) => {
      cells.set(column, cellColumns[index]?.[position] as PandasCell);
    });
    return { row, ...(line === undefined ? {} : { line }), cells };
  });
  return { file, columns, dtypes, rows };
}

const NUMERIC_DTYPES: ReadonlySet<PandasDtype> = new Set(['int64', 'uint64', 'float64']);

/**
 * The rows as `df.iterrows()` gives them: each a Series of the frame's common dtype (numpy's, as
 * `df.values` has it). A frame whose columns are all numeric but not all of one dtype (int64 and
 * float64, or int64 and uint64) is float64 there, so its ints read as floats (`7.0`); any other
 * frame keeps each cell as its column has it (a text or bool column makes the common dtype object).
 */
export function pandasIterrows(frame: PandasFrame): readonly PandasRow[] {
  const dtypes = new Set(frame.dtypes.values());
  if (dtypes.size < 2 || ![...dtypes].every((dtype) => NUMERIC_DTYPES.has(dtype))) return frame.rows;
  const asFloat = (cell: PandasCell): PandasCell =>
    cell.type === 'int' ? { type: 'float', value: Number(cell.value) } : cell;
  return frame.rows.map((row) => ({
    ...row,
    cells: new Map([...row.cells].map(([column, cell]) => [column, asFloat(cell)])),
  }));
}
