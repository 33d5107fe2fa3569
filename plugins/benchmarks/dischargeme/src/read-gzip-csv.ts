// Hand-written around node:zlib + csv-parse only where pandas' read_csv rules need it: skipping whitespace-only lines, counting lines for errors, and (in pandas-merge.ts) the int64 join keys and pd.merge's row order.
import { createReadStream } from 'node:fs';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { DatasetLoadError } from '@medhelm/core';
import { type CsvError, parse } from 'csv-parse';

/** One data row of a gzipped CSV file: the requested columns' cells, in the order asked for. */
export interface GzipCsvRow {
  values: string[];
  /** 1-based line of the decompressed file where the row starts. */
  line: number;
  /** 1-based data row (the header is not counted, nor are skipped blank lines). */
  row: number;
}

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
  const decoder = new TextDecoder('utf-8', { fatal: true });
  // Checks the decompressed bytes are UTF-8 and remembers them for line numbers; passes them on unchanged.
  const utf8 = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      try {
        decoder.decode(chunk, { stream: true });
      } catch {
        callback(new NotUtf8Error());
        return;
      }
      lines.push(chunk);
      callback(null, chunk);
    },
    flush(callback) {
      try {
        decoder.decode();
        callback();
      } catch {
        callback(new NotUtf8Error());
      }
    },
  });
  const parser = parse({
    bom: true,
    delimiter: ',',
    record_delimiter: ['\r\n', '\n', '\r'],
    // pandas' C parser keeps a quote inside an unquoted cell as a character.
    relax_quotes: true,
    // The field count is checked below, with the line of the record.
    relax_column_count: true,
    skip_empty_lines: true,
    info: true,
  });
  const piping = pipeline(createReadStream(path), createGunzip(), utf8, parser, {
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
        indices = columns.map((name) => record.indexOf(name));
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

class NotUtf8Error extends Error {}

function asLoadError(path: string, error: unknown, line: number, row: number | undefined): unknown {
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

const LF = 0x0a;
const CR = 0x0d;

/**
 * Line numbers of the decompressed bytes, for byte offsets asked in increasing order (the starts
 * of records): `\n`, `\r\n` and a lone `\r` each end one line. Chunks are dropped once passed.
 */
class LineCounter {
  private readonly chunks: Buffer[] = [];
  /** Index into `chunks[0]` of the position reached. */
  private index = 0;
  private line = 1;
  /** A `\r` ended the last chunk passed: whether it ends a line depends on the next byte. */
  private pendingCr = false;
  /** Bytes passed so far. */
  private consumed = 0;

  push(chunk: Buffer): void {
    if (chunk.length > 0) this.chunks.push(chunk);
  }

  /** The line of the first byte at or after `offset` that is not a line break (where the next record starts). */
  lineOfRecordAt(offset: number): number {
    let remaining = offset - this.consumed;
    // Count the line breaks before `offset`.
    while (remaining > 0 && this.chunks.length > 0) {
      const chunk = this.chunks[0] as Buffer;
      const end = Math.min(chunk.length, this.index + remaining);
      this.countRange(chunk, this.index, end);
      remaining -= end - this.index;
      this.consumed += end - this.index;
      this.index = end;
      if (this.index === chunk.length) {
        this.chunks.shift();
        this.index = 0;
      }
    }
    // Empty lines before a record are skipped by the parser: the record starts after them.
    for (;;) {
      const chunk = this.chunks[0];
      const byte = chunk?.[this.index];
      if (chunk === undefined || (byte !== LF && byte !== CR)) {
        return this.line + (this.pendingCr && byte !== undefined ? 1 : 0);
      }
      this.count(byte as number);
      this.consumed += 1;
      this.index += 1;
      if (this.index === chunk.length) {
        this.chunks.shift();
        this.index = 0;
      }
    }
  }

  /** Counts the line breaks of `chunk[start..end)`: a search for `\n` unless a `\r` is among them. */
  private countRange(chunk: Buffer, start: number, end: number): void {
    const cr = chunk.indexOf(CR, start);
    if (this.pendingCr || (cr !== -1 && cr < end)) {
      for (let at = start; at < end; at += 1) this.count(chunk[at] as number);
      return;
    }
    for (let at = chunk.indexOf(LF, start); at !== -1 && at < end; at = chunk.indexOf(LF, at + 1)) {
      this.line += 1;
    }
  }

  private count(byte: number): void {
    if (this.pendingCr) {
      this.pendingCr = false;
      this.line += 1;
      if (byte === LF) return;
    }
    if (byte === LF) this.line += 1;
    else if (byte === CR) this.pendingCr = true;
  }
}
