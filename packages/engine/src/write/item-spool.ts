import { createReadStream } from 'node:fs';
import { open, rm } from 'node:fs/promises';
import { BufferedTextFile } from './helm-json.ts';

/**
 * Items of one JSON list spooled to a temporary file, each written as `,\n<indent><item>`, so that
 * several spools can later be joined into one list in a fixed order (`joinSpools`) without holding
 * any of them in memory. HELM's per_instance_stats.json is metric-major while scoring is
 * instance-major: one spool per metric gives HELM's order from one pass over the instances.
 */
export class ItemSpool {
  private itemCount = 0;

  private constructor(
    readonly path: string,
    private readonly file: BufferedTextFile,
    readonly itemIndent: number,
  ) {}

  static async create(path: string, itemIndent: number): Promise<ItemSpool> {
    return new ItemSpool(path, await BufferedTextFile.open(path), itemIndent);
  }

  get count(): number {
    return this.itemCount;
  }

  /** Appends an item already laid out as `toHelmJson(item, itemIndent)` would. */
  async appendJson(json: string): Promise<void> {
    this.itemCount++;
    await this.file.write(`,\n${' '.repeat(this.itemIndent)}${json}`);
  }

  async finish(): Promise<void> {
    await this.file.close();
  }

  /** Closes the file without finishing it (the writer failed; its folder is removed). */
  async abandon(): Promise<void> {
    await this.file.abandon();
  }
}

/**
 * Writes `[`, the items of every spool in order, and `]` to `path` (HELM's layout: items on their
 * own lines, the closing bracket on its own line when there are items), then deletes the spools.
 */
export async function joinSpools(
  path: string,
  spools: readonly ItemSpool[],
  itemIndent: number,
): Promise<void> {
  const output = await open(path, 'w');
  try {
    await output.write('[');
    let first = true;
    for (const spool of spools) {
      if (spool.count === 0) continue;
      let skipComma = first;
      first = false;
      for await (const chunk of createReadStream(spool.path)) {
        const bytes = chunk as Buffer;
        await output.write(skipComma ? bytes.subarray(1) : bytes);
        skipComma = false;
      }
    }
    await output.write(first ? ']' : `\n${' '.repeat(Math.max(0, itemIndent - 2))}]`);
  } finally {
    await output.close();
    await Promise.all(spools.map((spool) => rm(spool.path, { force: true })));
  }
}
