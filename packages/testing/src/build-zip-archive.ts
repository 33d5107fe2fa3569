import { crc32, deflateRawSync } from 'node:zlib';

/** One member of a {@link buildZipArchive} archive. */
export interface ZipArchiveMember {
  /**
   * The member's path inside the archive. A string is written as UTF-8 with the UTF-8 flag (bit 11)
   * set; a Buffer is written byte for byte without it (so readers decode it as code page 437).
   */
  name: string | Buffer;
  /** The uncompressed bytes; a string is written as UTF-8. */
  data: string | Buffer;
  /**
   * `'deflate'` (method 8, the default) or `'stored'` (method 0). Any other number is written as the
   * method as is, with the data stored, to test how a reader refuses unsupported methods.
   */
  method?: 'stored' | 'deflate' | number;
  /** The CRC-32 written to both headers instead of the data's own, to test corruption checks. */
  crc?: number;
  /** General purpose flags instead of the default (0x0800 for a string name, else 0), e.g. 0x0001 (encrypted). */
  flags?: number;
}

/** Options of {@link buildZipArchive}. */
export interface ZipArchiveOptions {
  /** The archive comment written after the end-of-central-directory record (UTF-8). */
  comment?: string;
}

const STORED = 0;
const DEFLATE = 8;

/**
 * Builds a minimal ZIP archive in memory (local headers, central directory, end record; no data
 * descriptors, no ZIP64), as `zip` or Python's `zipfile` writes one for small files. For tests of
 * ZIP readers and of loaders that read a downloaded archive.
 */
export function buildZipArchive(
  members: readonly ZipArchiveMember[],
  options: ZipArchiveOptions = {},
): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const member of members) {
    const name = Buffer.isBuffer(member.name) ? member.name : Buffer.from(member.name, 'utf8');
    const data = Buffer.isBuffer(member.data) ? member.data : Buffer.from(member.data, 'utf8');
    const method =
      member.method === undefined || member.method === 'deflate'
        ? DEFLATE
        : member.method === 'stored'
          ? STORED
          : member.method;
    const body = method === DEFLATE ? deflateRawSync(data) : data;
    const crc = (member.crc ?? crc32(data)) >>> 0;
    const flags = member.flags ?? (Buffer.isBuffer(member.name) ? 0 : 0x0800);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt16LE(0x21, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(flags, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, body);
    centrals.push(central, name);
    offset += local.length + name.length + body.length;
  }
  const directory = Buffer.concat(centrals);
  const comment = Buffer.from(options.comment ?? '', 'utf8');
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(members.length, 8);
  end.writeUInt16LE(members.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  end.writeUInt16LE(comment.length, 20);
  return Buffer.concat([...locals, directory, end, comment]);
}
