import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { Transform } from 'node:stream';
import { DatasetLoadError } from '@medhelm/core';
import { parseJsonText } from './parse-json-text.ts';

/** One record of a JSON Lines file. */
export interface JsonLine {
  /** 1-based line of the file the record is written on (blank lines are counted too). */
  line: number;
  /** The parsed JSON value of the line. */
  value: unknown;
}

// A ZIP archive's local file header; what a download of an unpacked-only dataset gives instead.
const ZIP_SIGNATURE = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/**
 * Streams a JSON Lines file (one JSON value per line, as HELM's scenarios read with
 * `for line in f: json.loads(line)`) and yields `{ line, value }` for every non-blank line, in
 * file order, without holding the file in memory.
 *
 * Lines end at `\n`, `\r\n` or a lone `\r`, as in Python's text mode. The file must be UTF-8
 * (invalid bytes are an error, not replacement characters; a byte-order mark is kept, as Python's
 * `open()` does, and so makes the first line invalid JSON). Lines that are empty or hold only JSON
 * whitespace are skipped but counted. A line that is not valid JSON is a DatasetLoadError with
 * the file, the line and the column; a ZIP archive in place of the file is one too, saying so.
 */
export async function* readJsonLines(path: string): AsyncGenerator<JsonLine> {
  const file = createReadStream(path);
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  let first = true;
  const text = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (first) {
        first = false;
        if (chunk.subarray(0, ZIP_SIGNATURE.length).equals(ZIP_SIGNATURE)) {
          callback(new ZipArchiveError());
          return;
        }
      }
      try {
        callback(null, decoder.decode(chunk, { stream: true }));
      } catch (error) {
        callback(error as Error);
      }
    },
    flush(callback) {
      try {
        callback(null, decoder.decode());
      } catch (error) {
        callback(error as Error);
      }
    },
  });
  file.on('error', (error) => text.destroy(error));
  file.pipe(text);
  // crlfDelay: a `\r\n` split across two chunks is still one line break.
  const lines = createInterface({ input: text, crlfDelay: Number.POSITIVE_INFINITY });

  let line = 0;
  try {
    for await (const content of lines) {
      line += 1;
      if (isBlank(content)) continue;
      yield { line, value: parseJsonText(path, content, { line }).value };
    }
  } catch (error) {
    throw asLoadError(path, error);
  } finally {
    lines.close();
    text.destroy();
    file.destroy();
  }
}

class ZipArchiveError extends Error {}

function isBlank(content: string): boolean {
  // JSON's whitespace: a line of it holds no value.
  return /^[ \t\n\r]*$/.test(content);
}

function asLoadError(path: string, error: unknown): DatasetLoadError {
  if (DatasetLoadError.isInstance(error)) return error;
  if (error instanceof ZipArchiveError) {
    return new DatasetLoadError('The file is a ZIP archive, not JSON Lines.', {
      cause: error,
      location: { file: path },
      hint: 'Unpack the archive and use the extracted file (for a benchmark: pass the unpacked folder with --data-dir).',
    });
  }
  if (
    error instanceof TypeError &&
    (error as { code?: string }).code === 'ERR_ENCODING_INVALID_ENCODED_DATA'
  ) {
    // Lines decoded before the bad bytes may not all have been yielded, so no line is named.
    return new DatasetLoadError('The file is not valid UTF-8.', {
      cause: error,
      location: { file: path },
    });
  }
  return new DatasetLoadError(`Cannot read the file: ${(error as Error).message}`, {
    cause: error,
    location: { file: path },
  });
}
