import type { DatasetFileV1 } from '@medhelm/core';
import { parsePandasInt64Key } from './pandas-merge.ts';
import { readGzipCsv } from './read-gzip-csv.ts';

/** Where a CSV row is: the file, the line it starts on, its 1-based data row. */
export type RowLocation = { file: string; line: number; row: number };

/** A key column as pandas reads it (see parsePandasInt64Key), without the rows whose key is empty. */
export class KeyColumn {
  readonly keys: number[] = [];
  /** The file row (0-based) of each key. */
  readonly rows: number[] = [];
  private empty = 0;

  constructor(readonly column: string) {}

  /** Adds the key of file row `location.row`; returns it, or undefined for an empty cell. */
  add(cell: string, location: RowLocation): number | undefined {
    const key = parsePandasInt64Key(cell, { ...location, field: this.column });
    if (key === undefined) this.empty += 1;
    else {
      this.keys.push(key);
      this.rows.push(location.row - 1);
    }
    return key;
  }

  /** Tells the user about rows left out for an empty key, where HELM would have stopped. */
  warnAboutEmptyKeys(path: string, warn: ((message: string) => void) | undefined): void {
    if (this.empty === 0) return;
    const one = this.empty === 1;
    warn?.(
      `dischargeme: ${this.empty} row${one ? '' : 's'} of ${path} ${one ? 'has' : 'have'} an empty ${this.column}, so ${one ? 'it joins' : 'they join'} nothing (HELM's pandas merge stops with a ValueError on such a file).`,
    );
  }
}

/** Reads one file's key column and `columns`, row by row, into `key` and `onRow`; warns about empty keys. */
export type KeyedCsvReader = (
  file: DatasetFileV1,
  key: KeyColumn,
  columns: readonly string[],
  onRow: (key: number | undefined, values: string[], location: RowLocation) => void,
) => Promise<void>;

/** The reader of Discharge Me!'s gzipped CSV files, resolved by `resolveFile`. */
export function keyedCsvReader(
  resolveFile: (file: DatasetFileV1) => Promise<string>,
  options: { signal?: AbortSignal; warn?: (message: string) => void },
): KeyedCsvReader {
  return async (file, key, columns, onRow) => {
    const path = await resolveFile(file);
    for await (const { values, line, row } of readGzipCsv(path, [key.column, ...columns], options.signal)) {
      const location = { file: path, line, row };
      onRow(key.add(values[0] ?? '', location), values.slice(1), location);
    }
    key.warnAboutEmptyKeys(path, options.warn);
  };
}
