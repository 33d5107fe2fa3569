import { readFile } from 'node:fs/promises';
import { DatasetLoadError } from '@medhelm/core';

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** Options of {@link readTextFile}. */
export interface ReadTextFileOptions {
  /**
   * - `preserve` (default): the text as stored.
   * - `python-text-mode`: every `\r\n` and lone `\r` becomes `\n`, as Python's `open(path).read()`
   *   in text mode gives it.
   */
  newline?: 'preserve' | 'python-text-mode';
  /** The message for bytes that are not UTF-8 (default `The file is not valid UTF-8.`). */
  notUtf8Message?: string;
}

/**
 * Reads a dataset file as UTF-8, as Python's `open(path)` does on the UTF-8 locales HELM runs on:
 * invalid bytes are an error (not replacement characters) naming the file and the line of the
 * first bad byte, and a byte-order mark is kept.
 */
export async function readTextFile(path: string, options: ReadTextFileOptions = {}): Promise<string> {
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
  } catch (error) {
    throw new DatasetLoadError(`Cannot read the file: ${(error as Error).message}`, {
      cause: error,
      location: { file: path },
    });
  }
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch (error) {
    throw new DatasetLoadError(options.notUtf8Message ?? 'The file is not valid UTF-8.', {
      cause: error,
      location: { file: path, line: firstInvalidLine(bytes) },
    });
  }
  return options.newline === 'python-text-mode' ? text.replace(/\r\n?/g, '\n') : text;
}

/** The 1-based line holding the first byte sequence that is not UTF-8. */
function firstInvalidLine(bytes: Buffer): number {
  let line = 1;
  let start = 0;
  for (;;) {
    const end = bytes.indexOf(0x0a, start);
    try {
      utf8.decode(bytes.subarray(start, end === -1 ? bytes.length : end));
    } catch {
      return line;
    }
    if (end === -1) return line;
    line += 1;
    start = end + 1;
  }
}
