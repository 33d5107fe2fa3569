import { Transform } from 'node:stream';
import type { LineCounter } from './line-counter.ts';

/** The decompressed bytes are not UTF-8 (pandas' `encoding_errors="strict"` raises). */
export class NotUtf8Error extends Error {}

/** Checks the decompressed bytes are UTF-8 and hands them to `lines` for line numbers; passes them on unchanged. */
export function utf8Checker(lines: LineCounter): Transform {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  return new Transform({
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
}
