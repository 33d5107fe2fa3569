import { type FileHandle, open } from 'node:fs/promises';

/**
 * JSON text laid out as HELM writes it (`json.dumps(value, indent=2)`): two-space indentation and
 * non-ASCII characters escaped as `\uXXXX`, so files diff cleanly against HELM's own. `indent`
 * shifts every line after the first, for values nested inside a streamed document.
 */
export function toHelmJson(value: unknown, indent = 0): string {
  const text = JSON.stringify(value, null, 2).replace(
    /[\u007f-\uffff]/g,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return indent === 0 ? text : text.replaceAll('\n', `\n${' '.repeat(indent)}`);
}

/** Text gathered before one write to the file: few system calls, bounded memory. */
const WRITE_CHUNK_CHARACTERS = 1 << 18;

/**
 * A file written in chunks of about 256 K characters: text is gathered, and a chunk is awaited
 * before the next is gathered (back-pressure: a slow disk slows the writer, it never queues the
 * whole file).
 */
export class BufferedTextFile {
  private buffer = '';

  private constructor(private readonly handle: FileHandle) {}

  static async open(path: string): Promise<BufferedTextFile> {
    return new BufferedTextFile(await open(path, 'w'));
  }

  async write(text: string): Promise<void> {
    this.buffer += text;
    if (this.buffer.length >= WRITE_CHUNK_CHARACTERS) await this.flush();
  }

  /** Writes what is gathered. */
  async flush(): Promise<void> {
    if (this.buffer === '') return;
    const text = this.buffer;
    this.buffer = '';
    await this.handle.write(text);
  }

  async close(): Promise<void> {
    await this.flush();
    await this.handle.close();
  }

  /** Closes the file without writing what is gathered (the writer failed; its folder is removed). */
  async abandon(): Promise<void> {
    this.buffer = '';
    await this.handle.close().catch(() => {});
  }
}

/**
 * Writes a JSON document whose one large list is streamed item by item through a
 * {@link BufferedTextFile}, so memory does not grow with the number of instances. `prefix` is the
 * text before the list's first item (e.g. `[` or `{"adapter_spec": ..., "request_states": [`),
 * `suffix` the text after its last.
 */
export class StreamedJsonWriter {
  private itemCount = 0;

  private constructor(
    private readonly file: BufferedTextFile,
    private readonly itemIndent: number,
  ) {}

  static async open(path: string, prefix: string, itemIndent: number): Promise<StreamedJsonWriter> {
    const file = await BufferedTextFile.open(path);
    await file.write(prefix);
    return new StreamedJsonWriter(file, itemIndent);
  }

  /** How many items were written. */
  get count(): number {
    return this.itemCount;
  }

  async write(item: unknown): Promise<void> {
    const separator = this.itemCount === 0 ? '\n' : ',\n';
    this.itemCount++;
    await this.file.write(`${separator}${' '.repeat(this.itemIndent)}${toHelmJson(item, this.itemIndent)}`);
  }

  /** Closes the list: `closing` is the list's closing text after the items (e.g. `]`). */
  async close(closing: string): Promise<void> {
    const listEnd = this.itemCount === 0 ? '' : `\n${' '.repeat(Math.max(0, this.itemIndent - 2))}`;
    await this.file.write(`${listEnd}${closing}`);
    await this.file.close();
  }

  /** Closes the file without finishing it (the writer failed; its folder is removed). */
  async abandon(): Promise<void> {
    await this.file.abandon();
  }
}
