const LF = 0x0a;
const CR = 0x0d;

/**
 * Line numbers of the decompressed bytes, for byte offsets asked in increasing order (the starts
 * of records): `\n`, `\r\n` and a lone `\r` each end one line. Chunks are dropped once passed.
 */
export class LineCounter {
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
