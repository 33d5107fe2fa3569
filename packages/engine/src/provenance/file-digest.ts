import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';

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
