import { stat } from 'node:fs/promises';
import { DatasetLoadError } from '@medhelm/core';
import {
  type AsyncBuffer,
  asyncBufferFromFile,
  type FileMetaData,
  type ParquetParsers,
  parquetMetadataAsync,
  parquetRead,
  parquetSchema,
  type SchemaElement,
} from 'hyparquet';
import { compressors } from 'hyparquet-compressors';

/** One row of a Parquet file as a plain object keyed by its top-level column names. */
export interface ParquetRecord {
  /**
   * The row's values, in the file's column order: strings, numbers (64-bit integers converted to
   * `number`), booleans, `null` for a missing value, arrays for list columns, plain objects for
   * structs and maps, `Uint8Array` for binary columns without a string annotation, `Date` for
   * dates and timestamps.
   */
  record: Record<string, unknown>;
  /** 1-based row number in the file (counted over all row groups). */
  row: number;
}

/** Options of {@link readParquetRecords}. */
export interface ReadParquetOptions {
  /** Top-level columns to read, in this order; all of them (file order) by default. */
  columns?: readonly string[];
  /** Stops between row groups when aborted. */
  signal?: AbortSignal;
}

/**
 * Reads a Parquet file (as Hugging Face stores datasets) row by row with hyparquet, one row group
 * at a time so memory follows the largest row group, not the file. Every codec Hugging Face writes
 * (snappy, gzip, zstd, brotli, lz4) is supported through hyparquet-compressors.
 *
 * Values are plain JavaScript: INT64 values (hyparquet's `bigint`) become numbers when they are
 * safe integers, and a larger one is a DatasetLoadError naming the file, row and column, never a
 * silently rounded number. A file that is missing, is not Parquet, or cannot be decoded is a
 * DatasetLoadError naming the file.
 */
export async function* readParquetRecords(
  path: string,
  options: ReadParquetOptions = {},
): AsyncGenerator<ParquetRecord> {
  const { file, metadata, columns } = await openParquetColumns(path, options.columns);
  let groupStart = 0;
  for (const [groupIndex, group] of metadata.row_groups.entries()) {
    options.signal?.throwIfAborted();
    const groupEnd = groupStart + Number(group.num_rows);
    let rows: unknown[][] = [];
    try {
      await parquetRead({
        file,
        metadata,
        columns,
        rowStart: groupStart,
        rowEnd: groupEnd,
        rowFormat: 'array',
        compressors,
        onComplete: (data) => {
          rows = data;
        },
      });
    } catch (error) {
      throw new DatasetLoadError(
        `Cannot decode row group ${groupIndex + 1} (rows ${groupStart + 1}-${groupEnd}): ${(error as Error).message}`,
        { cause: error, location: { file: path, row: groupStart + 1 } },
      );
    }
    for (const [offset, values] of rows.entries()) {
      const row = groupStart + offset + 1;
      const entries = columns.map((column, index): [string, unknown] => [
        column,
        toPlainValue(values[index], { file: path, row, field: column }),
      ]);
      // fromEntries defines own properties: a column named "__proto__" stays an ordinary key.
      yield { record: Object.fromEntries(entries), row };
    }
    groupStart = groupEnd;
  }
}

/** One row group's worth of columns, from {@link readParquetColumns}. */
export interface ParquetColumnBatch {
  /** 0-based index in the file of the batch's first row. */
  rowStart: number;
  rowCount: number;
  /**
   * Each requested column's values for the batch's rows, as hyparquet decodes them (typed arrays
   * for required numeric columns, `bigint` for INT64, `null`/`undefined` for a missing value),
   * with the `parsers` given applied to timestamps, dates and strings.
   */
  columns: Readonly<Record<string, ArrayLike<unknown>>>;
}

/** A Parquet file opened for columnar reading: its top-level columns, then batches of them. */
export interface ParquetColumnsFile {
  path: string;
  numRows: number;
  /** The schema element of each top-level column, by name, in file order. */
  schema: ReadonlyMap<string, SchemaElement>;
  /**
   * The columns, one row group at a time (memory follows the largest row group, not the file),
   * without building a row object per row.
   */
  batches(options?: {
    parsers?: Partial<ParquetParsers>;
    signal?: AbortSignal;
  }): AsyncGenerator<ParquetColumnBatch>;
}

/**
 * Opens a Parquet file for columnar reading of `columns` (all by default), for large files where a
 * row object per row (see {@link readParquetRecords}) costs too much: MEDS event tables with tens of
 * millions of rows. Values are left as hyparquet decodes them (INT64 as `bigint`, so nothing is
 * rounded), and `parsers` can keep timestamps exact (hyparquet's default turns them into `Date`s,
 * which drop microseconds). A missing or unreadable file, a column the file lacks and a row group
 * that cannot be decoded are DatasetLoadErrors naming the file (and column or rows).
 */
export async function readParquetColumns(
  path: string,
  columns?: readonly string[],
): Promise<ParquetColumnsFile> {
  const opened = await openParquetColumns(path, columns);
  const { file, metadata } = opened;
  const elements = new Map(
    parquetSchema(metadata).children.map((child) => [child.element.name, child.element] as const),
  );
  return {
    path,
    numRows: Number(metadata.num_rows),
    schema: elements,
    async *batches(options = {}) {
      let groupStart = 0;
      for (const [groupIndex, group] of metadata.row_groups.entries()) {
        options.signal?.throwIfAborted();
        const rowCount = Number(group.num_rows);
        const groupEnd = groupStart + rowCount;
        const data: Record<string, ArrayLike<unknown>> = {};
        try {
          await parquetRead({
            file,
            metadata,
            columns: opened.columns,
            rowStart: groupStart,
            rowEnd: groupEnd,
            compressors,
            ...(options.parsers === undefined ? {} : { parsers: options.parsers }),
            onChunk: ({ columnName, columnData, rowStart }) => {
              const offset = rowStart - groupStart;
              if (offset === 0 && columnData.length === rowCount && data[columnName] === undefined) {
                data[columnName] = columnData;
                return;
              }
              // Pieces of the group (pages): copy them into place.
              let target = data[columnName] as unknown[] | undefined;
              if (!Array.isArray(target)) {
                const previous = target;
                target = new Array(rowCount);
                if (previous !== undefined) for (let i = 0; i < rowCount; i++) target[i] = previous[i];
                data[columnName] = target;
              }
              for (let i = 0; i < columnData.length; i++) {
                const row = offset + i;
                if (row >= 0 && row < rowCount) target[row] = columnData[i];
              }
            },
          });
        } catch (error) {
          throw new DatasetLoadError(
            `Cannot decode row group ${groupIndex + 1} (rows ${groupStart + 1}-${groupEnd}): ${(error as Error).message}`,
            { cause: error, location: { file: path, row: groupStart + 1 } },
          );
        }
        for (const column of opened.columns) data[column] ??= new Array(rowCount).fill(null);
        yield { rowStart: groupStart, rowCount, columns: data };
        groupStart = groupEnd;
      }
    },
  };
}

/** Opens the file, reads its footer and checks that it has `requested` (default: all columns). */
async function openParquetColumns(
  path: string,
  requested: readonly string[] | undefined,
): Promise<{ file: AsyncBuffer; metadata: FileMetaData; columns: string[] }> {
  const file = await openParquetFile(path);
  let metadata: FileMetaData;
  try {
    metadata = await parquetMetadataAsync(file);
  } catch (error) {
    throw new DatasetLoadError(`Not a readable Parquet file: ${(error as Error).message}`, {
      cause: error,
      location: { file: path },
    });
  }
  const available = parquetSchema(metadata).children.map((child) => child.element.name);
  const columns = [...(requested ?? available)];
  for (const column of columns) {
    if (!available.includes(column)) {
      throw new DatasetLoadError(
        `The file has no column "${column}"; its columns are ${available.join(', ')}.`,
        {
          location: { file: path, field: column },
        },
      );
    }
  }
  return { file, metadata, columns };
}

async function openParquetFile(path: string): Promise<AsyncBuffer> {
  try {
    if (!(await stat(path)).isFile()) throw new Error('not a regular file');
    return await asyncBufferFromFile(path);
  } catch (error) {
    throw new DatasetLoadError(`Cannot read the file: ${(error as Error).message}`, {
      cause: error,
      location: { file: path },
    });
  }
}

interface ValueLocation {
  file: string;
  row: number;
  /** The column, with the path inside it for nested values (`scores[2]`, `meta.count`). */
  field: string;
}

/** hyparquet's value as plain JavaScript (see {@link ParquetRecord.record}). */
function toPlainValue(value: unknown, location: ValueLocation): unknown {
  if (value === undefined || value === null) return null;
  if (typeof value === 'bigint') return safeNumber(value, location);
  if (value instanceof Uint8Array || value instanceof Date) return value;
  if (Array.isArray(value) || ArrayBuffer.isView(value)) {
    // Lists may come back as typed arrays (BigInt64Array for INT64 lists): make them plain arrays.
    return Array.from(value as ArrayLike<unknown>, (item, index) =>
      toPlainValue(item, { ...location, field: `${location.field}[${index}]` }),
    );
  }
  if (typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [
        key,
        toPlainValue(item, { ...location, field: `${location.field}.${key}` }),
      ]),
    );
  }
  return value;
}

function safeNumber(value: bigint, location: ValueLocation): number {
  const converted = Number(value);
  if (Number.isSafeInteger(converted)) return converted;
  throw new DatasetLoadError(
    `The 64-bit integer ${value} is outside JavaScript's safe integer range (±${Number.MAX_SAFE_INTEGER}), so it cannot be read as a number without losing digits.`,
    { location },
  );
}
