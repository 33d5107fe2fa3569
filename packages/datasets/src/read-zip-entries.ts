import { readFile } from 'node:fs/promises';
import { crc32 } from 'node:zlib';
import { DatasetLoadError } from '@medhelm/core';
import { type Entry, fromBufferPromise, type ZipFile } from 'yauzl';

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
   * The uncompressed bytes of a member. Rejects with a DatasetLoadError naming the archive and
   * the member when it is missing, encrypted, compressed with a method other than stored/deflate,
   * or corrupt (bad local header, inflate error, wrong size, CRC-32 mismatch).
   */
  read(name: string): Promise<Buffer>;
}

const STORED = 0;
const DEFLATE = 8;
const FLAG_UTF8_NAME = 0x0800;
// A local file header's signature, `PK\x03\x04`: how an archive (not some other file) starts.
const LOCAL_FILE_HEADER = 0x04034b50;

/**
 * Opens a ZIP archive (a .docx or .xlsx is one) with yauzl: reads the whole file and lists the
 * central directory (ZIP64 included). Members are inflated only when {@link ZipEntries.read} asks
 * for them, and their size and CRC-32 are checked then (yauzl leaves the CRC to its caller; Python's
 * `zipfile` checks it). A name that appears twice resolves to its last entry, as Python's `zipfile`
 * (and so python-docx and openpyxl) does. A file that is not a ZIP archive, a truncated or corrupt
 * one and a multi-disk one are DatasetLoadErrors naming the file.
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
  const { zip, byName } = await listEntries(path, bytes);
  const entries = [...byName.values()].map(
    ({ name, entry }): ZipEntryInfo => ({
      name,
      method: entry.compressionMethod,
      compressedSize: entry.compressedSize,
      uncompressedSize: entry.uncompressedSize,
      crc32: entry.crc32,
    }),
  );
  const read = async (name: string): Promise<Buffer> => {
    const member = byName.get(name);
    if (member === undefined) {
      throw new DatasetLoadError(`The archive has no member "${name}" (it has ${describeNames(entries)}).`, {
        location: { file: path },
      });
    }
    return readMember(path, zip, member.entry, name);
  };
  return { file: path, entries, has: (name) => byName.has(name), read };
}

async function listEntries(
  path: string,
  bytes: Buffer,
): Promise<{ zip: ZipFile; byName: Map<string, { name: string; entry: Entry }> }> {
  const byName = new Map<string, { name: string; entry: Entry }>();
  let zip: ZipFile | undefined;
  try {
    // decodeStrings off: names are decoded below as Python's zipfile does (yauzl would also honour
    // the Info-ZIP Unicode path field, which Python 3.11 ignores, and refuse names Python accepts).
    zip = await fromBufferPromise(bytes, { lazyEntries: true, decodeStrings: false });
    for await (const entry of zip.eachEntry()) {
      const name = decodeName(entry.fileNameRaw, entry.generalPurposeBitFlag);
      // A Map keeps the first insertion's place; delete first so a repeated name moves to its last place.
      byName.delete(name);
      byName.set(name, { name, entry });
    }
  } catch (error) {
    const looksLikeZip = bytes.length >= 4 && bytes.readUInt32LE(0) === LOCAL_FILE_HEADER;
    const reason = (error as Error).message;
    const noEndRecord = /end of central directory record signature not found/i.test(reason);
    throw new DatasetLoadError(
      looksLikeZip
        ? `Truncated or corrupt ZIP archive: ${noEndRecord ? 'it starts like one but has no end-of-central-directory record' : reason}.`
        : `Not a ZIP archive (${noEndRecord ? 'no end-of-central-directory record' : reason}).`,
      { cause: error, location: { file: path } },
    );
  }
  return { zip, byName };
}

async function readMember(path: string, zip: ZipFile, entry: Entry, name: string): Promise<Buffer> {
  const fail = (message: string, cause?: unknown): never => {
    throw new DatasetLoadError(`ZIP member "${name}": ${message}`, { cause, location: { file: path } });
  };
  if (entry.isEncrypted()) return fail('encrypted members are not supported.');
  const method = entry.compressionMethod;
  if (method !== STORED && method !== DEFLATE) {
    return fail(`compression method ${method} is not supported (only stored and deflate).`);
  }
  let data: Buffer;
  try {
    const local = await zip.readLocalFileHeaderPromise(entry);
    if (!local.fileName.equals(entry.fileNameRaw)) {
      // Python's zipfile refuses this too ("File name in directory ... and header ... differ").
      return fail(
        `the local header at offset ${entry.relativeOffsetOfLocalHeader} names "${decodeName(local.fileName, entry.generalPurposeBitFlag)}".`,
      );
    }
    // yauzl inflates and checks the size against the central directory as it reads.
    const chunks: Buffer[] = [];
    for await (const chunk of await zip.openReadStreamPromise(entry)) chunks.push(chunk as Buffer);
    data = Buffer.concat(chunks);
  } catch (error) {
    if (DatasetLoadError.isInstance(error)) throw error;
    const reason = (error as Error).message;
    return fail(
      method === DEFLATE && (error as { code?: string }).code?.startsWith('Z_')
        ? `cannot inflate (corrupt data): ${reason}`
        : `${reason} (truncated or corrupt archive).`,
      error,
    );
  }
  const actual = crc32(data) >>> 0;
  if (actual !== entry.crc32) {
    return fail(
      `CRC-32 mismatch: computed ${hex(actual)}, the directory says ${hex(entry.crc32)} (corrupt archive).`,
    );
  }
  return data;
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
