import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';

/** A file's SHA-256 (hex) and size, as provenance records and `medhelm verify` checks them. */
export interface FileDigest {
  sha256: string;
  bytes: number;
}

/** Streams `path` once through SHA-256: memory stays flat however large the file. */
export async function fileDigest(path: string): Promise<FileDigest> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of createReadStream(path)) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { sha256: hash.digest('hex'), bytes };
}

/**
 * A data folder's digest as provenance records it: the SHA-256 of each file's `/`-separated path
 * relative to the folder, a NUL, its SHA-256 and a newline, over its files (recursively) in name
 * order; the size is the files' total.
 */
export async function folderDigest(folder: string): Promise<FileDigest & { files: number }> {
  const names = (await readdir(folder, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => relative(folder, join(entry.parentPath, entry.name)))
    .sort();
  const hash = createHash('sha256');
  let bytes = 0;
  for (const name of names) {
    const digest = await fileDigest(join(folder, name));
    hash.update(`${sep === '/' ? name : name.split(sep).join('/')}\u0000${digest.sha256}\n`);
    bytes += digest.bytes;
  }
  return { sha256: hash.digest('hex'), bytes, files: names.length };
}
