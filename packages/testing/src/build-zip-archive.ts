import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';

/** One member of a {@link buildZipArchive} archive. */
export interface ZipArchiveMember {
  /**
   * The member's path inside the archive. A string is written as UTF-8 (with the UTF-8 flag, bit 11,
   * when it is not ASCII); a Buffer is written byte for byte without the flag (so readers decode it
   * as code page 437).
   */
  name: string | Buffer;
  /** The uncompressed bytes; a string is written as UTF-8. */
  data: string | Buffer;
  /**
   * `'deflate'` (method 8, the default) or `'stored'` (method 0). Any other number is written as the
   * method as is, with the data stored, to test how a reader refuses unsupported methods.
   */
  method?: 'stored' | 'deflate' | number;
  /** The CRC-32 written to the directory and the data descriptor instead of the data's own, to test corruption checks. */
  crc?: number;
  /**
   * General purpose flags instead of the default, e.g. 0x0001 (encrypted). Bit 3 (sizes in a data
   * descriptor, as fflate streams members) is always kept.
   */
  flags?: number;
}

/** Options of {@link buildZipArchive}. */
export interface ZipArchiveOptions {
  /** The archive comment written after the end-of-central-directory record (UTF-8). */
  comment?: string;
}

// 1980-01-01 00:00, the DOS epoch: archives come out byte-identical run after run.
const DOS_EPOCH = new Date(1980, 0, 1);
const DATA_DESCRIPTOR_FLAG = 0x0008;
const UTF8_NAME_FLAG = 0x0800;
const END_RECORD_SIZE = 22;

/**
 * Builds a ZIP archive in memory with fflate, one member after another (a repeated name is written
 * twice, as `zipfile` can), for tests of ZIP readers and of loaders that read a downloaded archive.
 * The overrides a test needs to build a broken archive (`crc`, an unsupported `method`, `flags`, a
 * code-page-437 `name`) are written into fflate's headers afterwards.
 */
export function buildZipArchive(
  members: readonly ZipArchiveMember[],
  options: ZipArchiveOptions = {},
): Buffer {
  const chunks: Uint8Array[] = [];
  const failures: Error[] = [];
  const zip = new Zip((error, chunk) => {
    if (error !== null) failures.push(error);
    else chunks.push(chunk);
  });
  for (const member of members) {
    // A byte name goes in as an ASCII stand-in of the same length and is put in place below.
    const name = Buffer.isBuffer(member.name) ? '_'.repeat(member.name.length) : member.name;
    const file =
      member.method === undefined || member.method === 'deflate'
        ? new ZipDeflate(name, { level: 6 })
        : new ZipPassThrough(name);
    file.mtime = DOS_EPOCH;
    zip.add(file);
    file.push(Buffer.isBuffer(member.data) ? member.data : Buffer.from(member.data, 'utf8'), true);
  }
  zip.end();
  if (failures[0] !== undefined) throw failures[0];
  const archive = Buffer.concat(chunks);
  applyOverrides(archive, members);
  const comment = Buffer.from(options.comment ?? '', 'utf8');
  archive.writeUInt16LE(comment.length, archive.length - END_RECORD_SIZE + 20);
  return Buffer.concat([archive, comment]);
}

/** Writes each member's overrides into its local header, data descriptor and directory entry. */
function applyOverrides(archive: Buffer, members: readonly ZipArchiveMember[]): void {
  let central = archive.readUInt32LE(archive.length - END_RECORD_SIZE + 16);
  for (const member of members) {
    const nameLength = archive.readUInt16LE(central + 28);
    const local = archive.readUInt32LE(central + 42);
    const compressedSize = archive.readUInt32LE(central + 20);
    const descriptor = local + 30 + nameLength + archive.readUInt16LE(local + 28) + compressedSize;
    if (Buffer.isBuffer(member.name)) {
      member.name.copy(archive, central + 46);
      member.name.copy(archive, local + 30);
    }
    if (typeof member.method === 'number') {
      archive.writeUInt16LE(member.method, local + 8);
      archive.writeUInt16LE(member.method, central + 10);
    }
    if (member.crc !== undefined) {
      archive.writeUInt32LE(member.crc >>> 0, central + 16);
      archive.writeUInt32LE(member.crc >>> 0, descriptor + 4);
    }
    const flags =
      member.flags === undefined
        ? archive.readUInt16LE(central + 8) & (Buffer.isBuffer(member.name) ? ~UTF8_NAME_FLAG : 0xffff)
        : member.flags | DATA_DESCRIPTOR_FLAG;
    archive.writeUInt16LE(flags, local + 6);
    archive.writeUInt16LE(flags, central + 8);
    central += 46 + nameLength + archive.readUInt16LE(central + 30) + archive.readUInt16LE(central + 32);
  }
}
