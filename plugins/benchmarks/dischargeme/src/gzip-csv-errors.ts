import { DatasetLoadError } from '@medhelm/core';
import type { CsvError } from 'csv-parse';
import { NotUtf8Error } from './utf8-checker.ts';

/**
 * The indices of `columns` in the header `record` (a repeated name: its first occurrence, as
 * pandas keeps it); a missing column is a DatasetLoadError at the header's line.
 */
export function columnIndices(
  record: string[],
  columns: readonly string[],
  path: string,
  line: number,
): number[] {
  const indices = columns.map((name) => record.indexOf(name));
  const missing = columns.filter((_, index) => indices[index] === -1);
  if (missing.length > 0) {
    throw new DatasetLoadError(
      `Missing column${missing.length === 1 ? '' : 's'} ${missing.map((name) => `"${name}"`).join(', ')}; the header has ${record.map((name) => `"${name}"`).join(', ')}.`,
      {
        location: { file: path, line, field: missing[0] ?? '' },
        hint: 'Use the files of the upstream release unchanged (see the benchmark README for the layout).',
      },
    );
  }
  return indices;
}

/** What reading the file failed with, as a DatasetLoadError naming the file and the line (aborts pass through). */
export function asLoadError(path: string, error: unknown, line: number, row: number | undefined): unknown {
  if (DatasetLoadError.isInstance(error)) return error;
  if ((error as { name?: string }).name === 'AbortError') return error;
  const code = (error as { code?: string }).code;
  const location = { file: path, line, ...(row === undefined ? {} : { row }) };
  if (error instanceof NotUtf8Error) {
    return new DatasetLoadError('The file is not valid UTF-8 once decompressed.', { cause: error, location });
  }
  if (code === 'Z_DATA_ERROR' || code === 'Z_BUF_ERROR' || code === 'ERR_ZLIB_INITIALIZATION_FAILED') {
    return new DatasetLoadError(
      code === 'Z_BUF_ERROR'
        ? 'The gzip stream ends early: the file is truncated (an interrupted download?).'
        : `The file is not gzip-compressed CSV (${(error as Error).message}).`,
      {
        cause: error,
        location: { file: path },
        hint: 'Download the .csv.gz file again from PhysioNet; do not unpack it.',
      },
    );
  }
  if (typeof code === 'string' && code.startsWith('CSV_')) {
    return new DatasetLoadError(`Malformed CSV: ${(error as CsvError).message}`, { cause: error, location });
  }
  return new DatasetLoadError(`Cannot read the file: ${(error as Error).message}`, {
    cause: error,
    location: { file: path },
  });
}
