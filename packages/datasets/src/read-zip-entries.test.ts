import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { crc32 } from 'node:zlib';
import { DatasetLoadError } from '@medhelm/core';
import { buildZipArchive as buildZip } from '@medhelm/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readZipEntries } from './read-zip-entries.ts';

let scratch: string;
beforeEach(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'medhelm-zip-'));
});
afterEach(async () => {
  await rm(scratch, { recursive: true, force: true });
});

async function write(bytes: Buffer | string, name = 'archive.zip'): Promise<string> {
  const path = join(scratch, name);
  await writeFile(path, bytes);
  return path;
}

async function failure(promise: Promise<unknown> | (() => unknown)): Promise<DatasetLoadError> {
  const error = await (typeof promise === 'function' ? Promise.resolve().then(promise) : promise).then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(DatasetLoadError);
  return error as DatasetLoadError;
}

describe('readZipEntries', () => {
  it('lists members in directory order and reads stored and deflated ones', async () => {
    const text = 'Run 1: a question?\n'.repeat(50);
    const path = await write(
      buildZip([
        { name: 'plain.txt', data: 'stored bytes', method: 'stored' },
        { name: 'word/document.xml', data: text },
        { name: 'empty', data: '', method: 'deflate' },
      ]),
    );
    const zip = await readZipEntries(path);
    expect(zip.file).toBe(path);
    expect(
      zip.entries.map(({ name, method, uncompressedSize }) => ({ name, method, uncompressedSize })),
    ).toEqual([
      { name: 'plain.txt', method: 0, uncompressedSize: 12 },
      { name: 'word/document.xml', method: 8, uncompressedSize: text.length },
      { name: 'empty', method: 8, uncompressedSize: 0 },
    ]);
    expect(zip.has('word/document.xml')).toBe(true);
    expect(zip.has('word/Document.xml')).toBe(false);
    // Exact names only: no match by base name alone.
    expect(zip.has('document.xml')).toBe(false);
    expect((await zip.read('plain.txt')).toString()).toBe('stored bytes');
    expect((await zip.read('word/document.xml')).toString()).toBe(text);
    expect((await zip.read('empty')).length).toBe(0);
  });

  it('reads an archive with a comment after the end record', async () => {
    const path = await write(buildZip([{ name: 'a', data: 'x' }], { comment: 'made by a test' }));
    expect((await (await readZipEntries(path)).read('a')).toString()).toBe('x');
  });

  it('decodes names as UTF-8 when flagged and as code page 437 otherwise, like Python zipfile', async () => {
    const path = await write(
      buildZip([
        { name: 'données/é.xml', data: 'u' },
        { name: Buffer.from([0x81, 0x2e, 0x74, 0xe1]), data: 'c' },
      ]),
    );
    const zip = await readZipEntries(path);
    // CP437: 0x81 is "ü", 0xE1 is "ß".
    expect(zip.entries.map((entry) => entry.name)).toEqual(['données/é.xml', 'ü.tß']);
    expect((await zip.read('ü.tß')).toString()).toBe('c');
  });

  it('resolves a repeated name to its last member, as Python zipfile does', async () => {
    const path = await write(
      buildZip([
        { name: 'a', data: 'first' },
        { name: 'b', data: 'other' },
        { name: 'a', data: 'second' },
      ]),
    );
    const zip = await readZipEntries(path);
    expect((await zip.read('a')).toString()).toBe('second');
    expect(zip.entries.map((entry) => entry.name)).toEqual(['b', 'a']);
  });

  it('names a missing member and lists the ones there are', async () => {
    const path = await write(buildZip([{ name: 'xl/workbook.xml', data: '<x/>' }]));
    const zip = await readZipEntries(path);
    const error = await failure(() => zip.read('word/document.xml'));
    expect(error.location).toEqual({ file: path });
    expect(error.message).toBe(
      `${path}: The archive has no member "word/document.xml" (it has "xl/workbook.xml").`,
    );
  });

  it('refuses a member whose CRC-32 does not match its data', async () => {
    const path = await write(buildZip([{ name: 'word/document.xml', data: 'hello', crc: 0x12345678 }]));
    const zip = await readZipEntries(path);
    const error = await failure(() => zip.read('word/document.xml'));
    expect(error.message).toContain('ZIP member "word/document.xml": CRC-32 mismatch');
    expect(error.message).toContain(`computed 0x${(crc32('hello') >>> 0).toString(16).padStart(8, '0')}`);
    expect(error.message).toContain('the directory says 0x12345678');
  });

  it('refuses a member whose data was flipped on disk', async () => {
    const bytes = buildZip([{ name: 'a.txt', data: 'abcdefgh', method: 'stored' }]);
    // The stored data starts after the 30-byte local header and the 5-byte name.
    bytes[35] = 'X'.charCodeAt(0);
    const zip = await readZipEntries(await write(bytes));
    expect((await failure(() => zip.read('a.txt'))).message).toContain('CRC-32 mismatch');
  });

  it('refuses deflate data that does not inflate', async () => {
    const bytes = buildZip([
      { name: 'a.txt', data: Buffer.from([0xff, 0xff, 0xff, 0xff]), method: 'stored' },
    ]);
    // Claim the 4 garbage bytes are deflated.
    bytes.writeUInt16LE(8, 8);
    bytes.writeUInt16LE(8, bytes.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])) + 10);
    const zip = await readZipEntries(await write(bytes));
    expect((await failure(() => zip.read('a.txt'))).message).toContain('ZIP member "a.txt": cannot inflate');
  });

  it('refuses unsupported compression methods and encrypted members by name', async () => {
    const path = await write(
      buildZip([
        { name: 'bzip2', data: 'x', method: 12 },
        // Deflated: a stored encrypted member would need the 12-byte encryption header in its size.
        { name: 'secret', data: 'x', flags: 0x0801 },
      ]),
    );
    const zip = await readZipEntries(path);
    expect((await failure(() => zip.read('bzip2'))).message).toContain(
      'compression method 12 is not supported',
    );
    expect((await failure(() => zip.read('secret'))).message).toContain(
      'encrypted members are not supported',
    );
  });

  it('says a file that is not a ZIP archive is not one', async () => {
    const path = await write('Question,Response,True/False\nq,r,True\n', 'race_based.csv');
    const error = await failure(readZipEntries(path));
    expect(error.message).toBe(`${path}: Not a ZIP archive (no end-of-central-directory record).`);
  });

  it('says a ZIP archive cut short is truncated', async () => {
    const whole = buildZip([{ name: 'word/document.xml', data: 'x'.repeat(5000) }]);
    const error = await failure(readZipEntries(await write(whole.subarray(0, whole.length - 30))));
    expect(error.message).toContain('Truncated or corrupt ZIP archive');
  });

  it('says a ZIP archive missing bytes before its directory is corrupt', async () => {
    const whole = buildZip([
      { name: 'a', data: 'first member', method: 'stored' },
      { name: 'b', data: 'second member', method: 'stored' },
    ]);
    // Drop 10 bytes of member data: the directory's recorded offset now points past its start.
    const cut = Buffer.concat([whole.subarray(0, 35), whole.subarray(45)]);
    const error = await failure(readZipEntries(await write(cut)));
    expect(error.message).toContain('ZIP archive');
    expect(error.location).toEqual({ file: join(scratch, 'archive.zip') });
  });

  it('reads a ZIP64 archive, as Python zipfile does', async () => {
    const plain = buildZip([
      { name: 'a', data: 'first' },
      { name: 'b', data: 'second', method: 'stored' },
    ]);
    const endAt = plain.length - 22;
    const directorySize = plain.readUInt32LE(endAt + 12);
    const directoryOffset = plain.readUInt32LE(endAt + 16);
    // The ZIP64 end record and its locator go before the classic end record, which then points to them.
    const record = Buffer.alloc(56);
    record.writeUInt32LE(0x06064b50, 0);
    record.writeBigUInt64LE(44n, 4);
    record.writeUInt16LE(45, 12);
    record.writeUInt16LE(45, 14);
    record.writeBigUInt64LE(2n, 24);
    record.writeBigUInt64LE(2n, 32);
    record.writeBigUInt64LE(BigInt(directorySize), 40);
    record.writeBigUInt64LE(BigInt(directoryOffset), 48);
    const locator = Buffer.alloc(20);
    locator.writeUInt32LE(0x07064b50, 0);
    locator.writeBigUInt64LE(BigInt(endAt), 8);
    locator.writeUInt32LE(1, 16);
    const end = Buffer.from(plain.subarray(endAt));
    end.writeUInt16LE(0xffff, 8);
    end.writeUInt16LE(0xffff, 10);
    end.writeUInt32LE(0xffffffff, 16);
    const zip = await readZipEntries(
      await write(Buffer.concat([plain.subarray(0, endAt), record, locator, end])),
    );
    expect(zip.entries.map((entry) => entry.name)).toEqual(['a', 'b']);
    expect((await zip.read('b')).toString()).toBe('second');
  });

  it('says an archive marked ZIP64 without a ZIP64 end record is corrupt', async () => {
    const marked = buildZip([{ name: 'a', data: 'x' }]);
    marked.writeUInt32LE(0xffffffff, marked.length - 22 + 16);
    const error = await failure(readZipEntries(await write(marked, 'marked.zip')));
    expect(error.message).toContain('Truncated or corrupt ZIP archive');
    expect(error.location).toEqual({ file: join(scratch, 'marked.zip') });
  });

  it('refuses a member whose local header names another file', async () => {
    const bytes = buildZip([{ name: 'a.txt', data: 'x', method: 'stored' }]);
    bytes[30] = 'b'.charCodeAt(0);
    const zip = await readZipEntries(await write(bytes));
    expect((await failure(() => zip.read('a.txt'))).message).toContain(
      'the local header at offset 0 names "b.txt"',
    );
  });

  it('reports a file that cannot be read', async () => {
    const error = await failure(readZipEntries(join(scratch, 'missing.docx')));
    expect(error.message).toContain('Cannot read the file');
  });
});

describe.skipIf(!existsSync(sharedDocx()))('readZipEntries on the shared RaceBasedMed .docx', () => {
  it('reads every member with a matching CRC-32', async () => {
    const zip = await readZipEntries(sharedDocx());
    expect(zip.has('word/document.xml')).toBe(true);
    expect(zip.has('[Content_Types].xml')).toBe(true);
    for (const entry of zip.entries) expect((await zip.read(entry.name)).length).toBe(entry.uncompressedSize);
    // `unzip -l` lists word/document.xml with 1,350,552 bytes.
    expect((await zip.read('word/document.xml')).length).toBe(1_350_552);
  });
});

function sharedDocx(): string {
  let directory = import.meta.dirname;
  for (;;) {
    const candidate = join(directory, 'shared', 'data', 'race_based_med', '41746_2023_939_MOESM1_ESM.docx');
    if (existsSync(candidate)) return candidate;
    const parent = dirname(directory);
    if (parent === directory) return candidate;
    directory = parent;
  }
}
