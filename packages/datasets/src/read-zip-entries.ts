import { readFile } from 'node:fs/promises';
import { crc32, inflateRawSync } from 'node:zlib';
import { DatasetLoadError } from '@medhelm/core';

/** What the central directory says about one member of a ZIP archive. */
export interface ZipEntryInfo {
  /** The member's path inside the archive, e.g. `word/document.xml`. */
  name: string;
  /** 0 (stored) or 8 (deflate); other methods are listed but cannot be read. */
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  /** CRC-32 of the uncompressed bytes, as recorded in the central directory. */
  crc32: number;
}

/** The members of a ZIP archive (a .docx, an .xlsx), read on demand and CRC-checked. */
export interface ZipEntries {
  /** The archive's path, as given. */
  readonly file: string;
  /** Every member in central-directory order (a repeated name appears once, at its last place). */
  readonly entries: readonly ZipEntryInfo[];
  /** Whether the archive has a member with exactly this name. */
  has(name: string): boolean;
  /**
   * The uncompressed bytes of a member. Throws a DatasetLoadError naming the archive and the
   * member when it is missing, encrypted, compressed with a method other than stored/deflate, or
   * corrupt (bad local header, inflate error, wrong size, CRC-32 mismatch).
   */
  read(name: string): Buffer;
}

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const ZIP64_END_LOCATOR = 0x07064b50;
const CENTRAL_DIRECTORY_HEADER = 0x02014b50;
const LOCAL_FILE_HEADER = 0x04034b50;
const END_RECORD_SIZE = 22;
const CENTRAL_HEADER_SIZE = 46;
const LOCAL_HEADER_SIZE = 30;
const MAX_COMMENT = 0xffff;
const STORED = 0;
const DEFLATE = 8;
const FLAG_ENCRYPTED = 0x0001;
const FLAG_UTF8_NAME = 0x0800;

/**
 * Opens a ZIP archive (a .docx or .xlsx is one): reads the whole file, finds the
 * end-of-central-directory record and lists the central directory. Members are inflated only when
 * {@link ZipEntries.read} asks for them, and their CRC-32 and size are checked then. ZIP64 archives,
 * multi-disk archives and encrypted members are refused with a clear DatasetLoadError (Office
 * files under 4 GiB never need them); so are a file that is not a ZIP archive and a truncated one.
 * A name that appears twice resolves to its last entry, as Python's `zipfile` (and so
 * python-docx and openpyxl) does.
 */
export async function readZipEntries(path: string): Promise<ZipEntries> {
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
  } catch (error) {
    throw new DatasetLoadError(`Cannot read the file: ${(error as Error).message}`, {
      cause: error,
      location: { file: path },
    });
  }
  return parseZip(path, bytes);
}

function parseZip(path: string, bytes: Buffer): ZipEntries {
  const fail = (message: string): never => {
    throw new DatasetLoadError(message, { location: { file: path } });
  };
  const looksLikeZip = bytes.length >= 4 && bytes.readUInt32LE(0) === LOCAL_FILE_HEADER;
  const end = findEndOfCentralDirectory(bytes);
  if (end === undefined) {
    return fail(
      looksLikeZip
        ? 'Truncated or corrupt ZIP archive: it starts like one but has no end-of-central-directory record.'
        : 'Not a ZIP archive (no end-of-central-directory record).',
    );
  }
  const diskNumber = bytes.readUInt16LE(end + 4);
  const centralDisk = bytes.readUInt16LE(end + 6);
  const entriesOnDisk = bytes.readUInt16LE(end + 8);
  const entryCount = bytes.readUInt16LE(end + 10);
  const centralSize = bytes.readUInt32LE(end + 12);
  const centralOffset = bytes.readUInt32LE(end + 16);
  const zip64Locator = end >= 20 && bytes.readUInt32LE(end - 20) === ZIP64_END_LOCATOR;
  if (
    zip64Locator ||
    entryCount === 0xffff ||
    entriesOnDisk === 0xffff ||
    centralSize === 0xffffffff ||
    centralOffset === 0xffffffff
  ) {
    return fail('ZIP64 archives are not supported (the file is over 4 GiB or has over 65,535 members).');
  }
  if (diskNumber !== 0 || centralDisk !== 0 || entriesOnDisk !== entryCount) {
    return fail('Multi-disk (split) ZIP archives are not supported.');
  }
  if (centralOffset + centralSize > end) {
    return fail(
      `Truncated or corrupt ZIP archive: the central directory (${centralSize} bytes at offset ${centralOffset}) runs past the end-of-central-directory record at ${end}.`,
    );
  }

  const byName = new Map<string, ZipEntryInfo & { flags: number; localOffset: number; nameBytes: Buffer }>();
  let offset = centralOffset;
  for (let index = 0; index < entryCount; index++) {
    if (offset + CENTRAL_HEADER_SIZE > centralOffset + centralSize) {
      fail(`Corrupt ZIP archive: central directory entry ${index + 1} of ${entryCount} is cut off.`);
    }
    if (bytes.readUInt32LE(offset) !== CENTRAL_DIRECTORY_HEADER) {
      fail(`Corrupt ZIP archive: no central directory header at offset ${offset} (entry ${index + 1}).`);
    }
    const flags = bytes.readUInt16LE(offset + 8);
    const method = bytes.readUInt16LE(offset + 10);
    const crc = bytes.readUInt32LE(offset + 16);
    const compressedSize = bytes.readUInt32LE(offset + 20);
    const uncompressedSize = bytes.readUInt32LE(offset + 24);
    const nameLength = bytes.readUInt16LE(offset + 28);
    const extraLength = bytes.readUInt16LE(offset + 30);
    const commentLength = bytes.readUInt16LE(offset + 32);
    const localOffset = bytes.readUInt32LE(offset + 42);
    const next = offset + CENTRAL_HEADER_SIZE + nameLength + extraLength + commentLength;
    if (next > centralOffset + centralSize) {
      fail(`Corrupt ZIP archive: central directory entry ${index + 1} of ${entryCount} is cut off.`);
    }
    const nameBytes = bytes.subarray(offset + CENTRAL_HEADER_SIZE, offset + CENTRAL_HEADER_SIZE + nameLength);
    const name = decodeName(nameBytes, flags);
    if (compressedSize === 0xffffffff || uncompressedSize === 0xffffffff || localOffset === 0xffffffff) {
      fail(`ZIP64 archives are not supported (member "${name}" has ZIP64 sizes or offset).`);
    }
    // A Map keeps the first insertion's place; delete first so a repeated name moves to its last place.
    byName.delete(name);
    byName.set(name, {
      name,
      method,
      compressedSize,
      uncompressedSize,
      crc32: crc,
      flags,
      localOffset,
      nameBytes,
    });
    offset = next;
  }

  const entries = [...byName.values()].map(
    ({ name, method, compressedSize, uncompressedSize, crc32: crc }): ZipEntryInfo => ({
      name,
      method,
      compressedSize,
      uncompressedSize,
      crc32: crc,
    }),
  );

  const read = (name: string): Buffer => {
    const entry = byName.get(name);
    const failEntry = (message: string): never => fail(`ZIP member "${name}": ${message}`);
    if (entry === undefined) {
      return fail(`The archive has no member "${name}" (it has ${describeNames(entries)}).`);
    }
    if ((entry.flags & FLAG_ENCRYPTED) !== 0) return failEntry('encrypted members are not supported.');
    if (entry.method !== STORED && entry.method !== DEFLATE) {
      return failEntry(`compression method ${entry.method} is not supported (only stored and deflate).`);
    }
    const local = entry.localOffset;
    if (local + LOCAL_HEADER_SIZE > bytes.length || bytes.readUInt32LE(local) !== LOCAL_FILE_HEADER) {
      return failEntry(`no local file header at offset ${local} (truncated or corrupt archive).`);
    }
    const localNameLength = bytes.readUInt16LE(local + 26);
    const localName = bytes.subarray(local + LOCAL_HEADER_SIZE, local + LOCAL_HEADER_SIZE + localNameLength);
    if (!localName.equals(entry.nameBytes)) {
      // Python's zipfile refuses this too ("File name in directory ... and header ... differ").
      return failEntry(`the local header at offset ${local} names "${decodeName(localName, entry.flags)}".`);
    }
    const dataStart = local + LOCAL_HEADER_SIZE + localNameLength + bytes.readUInt16LE(local + 28);
    const dataEnd = dataStart + entry.compressedSize;
    if (dataEnd > bytes.length) {
      return failEntry(
        `its ${entry.compressedSize} compressed bytes run past the end of the file (truncated archive).`,
      );
    }
    const compressed = bytes.subarray(dataStart, dataEnd);
    let data: Buffer;
    if (entry.method === STORED) {
      data = Buffer.from(compressed);
    } else {
      try {
        // The declared size bounds the output, so a lying header cannot inflate without limit.
        data = inflateRawSync(compressed, { maxOutputLength: Math.max(1, entry.uncompressedSize) });
      } catch (error) {
        throw new DatasetLoadError(
          `ZIP member "${name}": cannot inflate (corrupt data, or larger than its declared ${entry.uncompressedSize} bytes): ${(error as Error).message}`,
          { cause: error, location: { file: path } },
        );
      }
    }
    if (data.length !== entry.uncompressedSize) {
      return failEntry(
        `${data.length} bytes where the directory says ${entry.uncompressedSize} (corrupt archive).`,
      );
    }
    const actual = crc32(data) >>> 0;
    if (actual !== entry.crc32) {
      return failEntry(
        `CRC-32 mismatch: computed ${hex(actual)}, the directory says ${hex(entry.crc32)} (corrupt archive).`,
      );
    }
    return data;
  };

  return { file: path, entries, has: (name) => byName.has(name), read };
}

/**
 * Offset of the end-of-central-directory record: the last signature within the final 22 bytes plus
 * the longest possible comment, as Python's `zipfile` looks for it (so trailing bytes are tolerated).
 */
function findEndOfCentralDirectory(bytes: Buffer): number | undefined {
  const lowest = Math.max(0, bytes.length - END_RECORD_SIZE - MAX_COMMENT);
  for (let offset = bytes.length - END_RECORD_SIZE; offset >= lowest; offset--) {
    if (bytes.readUInt32LE(offset) === END_OF_CENTRAL_DIRECTORY) return offset;
  }
  return undefined;
}

// Code page 437, the ZIP default for names without the UTF-8 flag (bytes 0x80..0xFF).
const CP437_HIGH =
  'ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜ¢£¥₧ƒáíóúñÑªº¿⌐¬½¼¡«»░▒▓│┤╡╢╖╕╣║╗╝╜╛┐└┴┬├─┼╞╟╚╔╩╦╠═╬╧╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀αßΓπΣσµτΦΘΩδ∞φε∩≡±≥≤⌠⌡÷≈°∙·√ⁿ²■\u00a0';

/** A member name: UTF-8 when flagged (bit 11), else code page 437, as Python's `zipfile` reads it. */
function decodeName(nameBytes: Buffer, flags: number): string {
  if ((flags & FLAG_UTF8_NAME) !== 0) return nameBytes.toString('utf8');
  let name = '';
  for (const byte of nameBytes) name += byte < 0x80 ? String.fromCharCode(byte) : CP437_HIGH[byte - 0x80];
  return name;
}

function describeNames(entries: readonly ZipEntryInfo[]): string {
  if (entries.length === 0) return 'no members';
  const shown = entries.slice(0, 10).map((entry) => `"${entry.name}"`);
  return entries.length > 10 ? `${shown.join(', ')} and ${entries.length - 10} more` : shown.join(', ');
}

function hex(value: number): string {
  return `0x${value.toString(16).padStart(8, '0')}`;
}
