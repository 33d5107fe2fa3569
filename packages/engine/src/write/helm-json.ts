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
const WRITE_CHUNK_CHARACTERS = 1 << 15;

/**
 * Writes a JSON document whose one large list is streamed item by item, so memory does not grow
 * with the number of instances. Items are gathered into chunks of about 256 K characters, and a
 * chunk is awaited before the next is gathered (back-pressure: a slow disk slows the writer, it
 * never queues the whole file). `prefix` is the text before the list's first item (e.g. `[` or
 * `{"adapter_spec": ..., "request_states": [`), `suffix` the text after its last.
 */
export class StreamedJsonWriter {
  private itemCount = 0;
  private buffer = '';

  private constructor(
    private readonly handle: FileHandle,
    private readonly itemIndent: number,
  ) {}

  static async open(path: string, prefix: string, itemIndent: number): Promise<StreamedJsonWriter> {
    const handle = await open(path, 'w');
    const writer = new StreamedJsonWriter(handle, itemIndent);
    writer.buffer = prefix;
    return writer;
  }

  /** How many items were written. */
  get count(): number {
    return this.itemCount;
  }

  async write(item: unknown): Promise<void> {
    const separator = this.itemCount === 0 ? '\n' : ',\n';
    this.itemCount++;
    this.buffer += `${separator}${' '.repeat(this.itemIndent)}${toHelmJson(item, this.itemIndent)}`;
    if (this.buffer.length >= WRITE_CHUNK_CHARACTERS) await this.drain();
  }

  /** Closes the list: `closing` is the list's closing text after the items (e.g. `]`). */
  async close(closing: string): Promise<void> {
    const listEnd = this.itemCount === 0 ? '' : `\n${' '.repeat(Math.max(0, this.itemIndent - 2))}`;
    this.buffer += `${listEnd}${closing}`;
    await this.drain();
    await this.handle.close();
  }

  /** Closes the file without finishing it (the writer failed; its folder is removed). */
  async abandon(): Promise<void> {
    this.buffer = '';
    await this.handle.close().catch(() => {});
  }

  private async drain(): Promise<void> {
    const text = this.buffer;
    this.buffer = '';
    await this.handle.write(text);
  }
}
