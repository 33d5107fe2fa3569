// Hand-written around node:zlib + csv-parse only where pandas' read_csv rules need it: skipping whitespace-only lines, counting lines for errors, and (in pandas-merge.ts) the int64 join keys and pd.merge's row order.
import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { DatasetLoadError } from '@medhelm/core';
import { type Options, parse } from 'csv-parse';
import { asLoadError, columnIndices } from './gzip-csv-errors.ts';
import { LineCounter } from './line-counter.ts';
import { utf8Checker } from './utf8-checker.ts';

/** One data row of a gzipped CSV file: the requested columns' cells, in the order asked for. */
export interface GzipCsvRow {
  values: string[];
  /** 1-based line of the decompressed file where the row starts. */
  line: number;
  /** 1-based data row (the header is not counted, nor are skipped blank lines). */
  row: number;
}

/** csv-parse set to read as pandas' C parser does; the field count is checked by readGzipCsv. */
const PANDAS_CSV_OPTIONS: Options = {
  bom: true,
  delimiter: ',',
  record_delimiter: ['\r\n', '\n', '\r'],
  // pandas' C parser keeps a quote inside an unquoted cell as a character.
  relax_quotes: true,
  relax_column_count: true,
  skip_empty_lines: true,
  info: true,
};

/**
 * Reads a gzipped CSV file as HELM's `pd.read_csv(path, compression="gzip", keep_default_na=False)`
 * reads its cells, streaming, and yields the cells of `columns` for every data row, in file order:
 *
 * - the first line that is not blank is the header; a repeated column name means its first
 *   occurrence (pandas renames the later ones `name.1`, ...);
 * - cells are strings exactly as written (`keep_default_na=False`: `""`, `NA`, `null`, `N/A` stay
 *   text, never NaN); quoted cells keep their line breaks (`\r\n` too) byte for byte;
 * - records end at `\n`, `\r\n` or `\r`; empty and whitespace-only lines are skipped
 *   (`skip_blank_lines=True`); a UTF-8 byte-order mark is dropped;
 * - the file must be UTF-8 (`encoding_errors="strict"`).
 *
 * pandas' dtype inference is left to the caller (the join keys' int64 parsing, see
 * `parsePandasInt64Key`). A file that is not gzip, not UTF-8 or not well-formed CSV, a missing
 * column, or a row whose field count differs from the header's (pandas would raise or pad it with
 * NaN) is a DatasetLoadError naming the file and the line.
 */
export async function* readGzipCsv(
  path: string,
  columns: readonly string[],
  signal?: AbortSignal,
): AsyncGenerator<GzipCsvRow> {
  const lines = new LineCounter();
  const parser = parse(PANDAS_CSV_OPTIONS);
  const piping = pipeline(createReadStream(path), createGunzip(), utf8Checker(lines), parser, {
    ...(signal === undefined ? {} : { signal }),
  });
  // The error surfaces through the parser's iteration; this only keeps it from being unhandled.
  piping.catch(() => undefined);

  let header: string[] | undefined;
  let indices: number[] = [];
  let previousEnd = 0;
  let row = 0;
  try {
    for await (const { record, info } of parser as AsyncIterable<{
      record: string[];
      info: { bytes: number };
    }>) {
      const line = lines.lineOfRecordAt(previousEnd);
      previousEnd = info.bytes;
      // pandas skips lines of spaces and tabs too (csv-parse only skips empty ones).
      if (record.length === 1 && /^[ \t]*$/.test(record[0] ?? '')) continue;
      if (header === undefined) {
        header = record;
        indices = columnIndices(record, columns, path, line);
        continue;
      }
      row += 1;
      if (record.length !== header.length) {
        throw new DatasetLoadError(
          `Expected ${header.length} fields as in the header row, found ${record.length} (unbalanced quotes or an unquoted comma?).`,
          { location: { file: path, line, row } },
        );
      }
      yield { values: indices.map((index) => record[index] ?? ''), line, row };
    }
    await piping;
  } catch (error) {
    throw asLoadError(
      path,
      error,
      lines.lineOfRecordAt(previousEnd),
      header === undefined ? undefined : row + 1,
    );
  } finally {
    parser.destroy();
  }
  if (header === undefined) {
    throw new DatasetLoadError(
      'The file is empty: expected a header row (pandas: "No columns to parse from file").',
      {
        location: { file: path },
      },
    );
  }
}
