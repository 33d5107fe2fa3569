import { readFile } from 'node:fs/promises';
import { DatasetLoadError } from '@medhelm/core';

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * Reads a dataset file as UTF-8, as Python's `open(path)` does on the UTF-8 locales HELM runs on:
 * invalid bytes are an error (not replacement characters) and a byte-order mark is kept.
 */
export async function readTextFile(path: string): Promise<string> {
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
  } catch (error) {
    throw new DatasetLoadError(`Cannot read the file: ${(error as Error).message}`, {
      cause: error,
      location: { file: path },
    });
  }
  try {
    return utf8.decode(bytes);
  } catch (error) {
    throw new DatasetLoadError('The file is not valid UTF-8.', { cause: error, location: { file: path } });
  }
}

/** 1-based line and column of a UTF-16 offset in a text whose lines end in `\n`. */
export function lineAndColumnAt(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (
    let index = text.indexOf('\n');
    index !== -1 && index < offset;
    index = text.indexOf('\n', index + 1)
  ) {
    line += 1;
    lineStart = index + 1;
  }
  return { line, column: offset - lineStart + 1 };
}
