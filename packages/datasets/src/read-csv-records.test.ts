import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatasetLoadError } from '@medhelm/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type CsvRecord, type ReadCsvOptions, readCsvRecords } from './read-csv-records.ts';

let scratch: string;
beforeEach(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'medhelm-csv-'));
});
afterEach(async () => {
  await rm(scratch, { recursive: true, force: true });
});

async function readAll(content: string, options?: ReadCsvOptions): Promise<CsvRecord[]> {
  const path = join(scratch, 'data.csv');
  await writeFile(path, content);
  const records: CsvRecord[] = [];
  for await (const record of readCsvRecords(path, options)) records.push(record);
  return records;
}

async function failure(content: string): Promise<DatasetLoadError> {
  const error = await readAll(content).then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(DatasetLoadError);
  return error as DatasetLoadError;
}

describe('readCsvRecords', () => {
  it('reads LF files with quoted newlines, numbering start lines and data rows', async () => {
    const records = await readAll('id,text\n1,"first\nsecond"\n2,plain\n3,"a ""quoted"" word"\n');
    expect(records).toEqual([
      { record: { id: '1', text: 'first\nsecond' }, line: 2, row: 1 },
      { record: { id: '2', text: 'plain' }, line: 4, row: 2 },
      { record: { id: '3', text: 'a "quoted" word' }, line: 5, row: 3 },
    ]);
  });

  it('turns CRLF (records and inside quoted fields) into LF, like Python text mode', async () => {
    const records = await readAll('id,text\r\n1,"first\r\nsecond\r\n"\r\n2,"lone\rcr"\r\n');
    expect(records.map((record) => record.record.text)).toEqual(['first\nsecond\n', 'lone\ncr']);
    expect(records.map((record) => record.line)).toEqual([2, 5]);
  });

  it('keeps line breaks inside fields byte for byte in preserve mode', async () => {
    const records = await readAll('id,text\r\n1,"first\r\nsecond"\r\n2,x\r\n', { newline: 'preserve' });
    expect(records).toEqual([
      { record: { id: '1', text: 'first\r\nsecond' }, line: 2, row: 1 },
      { record: { id: '2', text: 'x' }, line: 4, row: 2 },
    ]);
  });

  it('skips entirely empty lines but keeps rows of empty fields, like csv.DictReader', async () => {
    const records = await readAll('a,b\n\n1,2\n,\n\n3,4');
    expect(records).toEqual([
      { record: { a: '1', b: '2' }, line: 3, row: 1 },
      { record: { a: '', b: '' }, line: 4, row: 2 },
      { record: { a: '3', b: '4' }, line: 6, row: 3 },
    ]);
  });

  it('keeps a column named __proto__ as an ordinary key', async () => {
    const [first] = await readAll('__proto__,b\nx,y\n');
    expect(Object.keys(first?.record ?? {})).toEqual(['__proto__', 'b']);
    expect(Object.getOwnPropertyDescriptor(first?.record, '__proto__')?.value).toBe('x');
    expect(Object.getPrototypeOf(first?.record)).toBe(Object.prototype);
  });

  it('rejects a row with the wrong number of fields, naming file, line and row', async () => {
    const error = await failure('a,b,c\n1,2,3\n4,"multi\nline",6\n7,8\n');
    expect(error.location).toMatchObject({ file: join(scratch, 'data.csv'), line: 5, row: 3 });
    expect(error.message).toContain('data.csv, line 5, row 3');
    expect(error.message).toContain('Expected 3 fields');
  });

  it('rejects an unterminated quoted field', async () => {
    const error = await failure('a,b\n1,2\n3,"never closed\n4,5\n');
    expect(error.location).toEqual({ file: join(scratch, 'data.csv'), line: 3, row: 2 });
    expect(error.message).toContain('Malformed CSV');
  });

  it('rejects a file without a header row', async () => {
    const error = await failure('');
    expect(error.message).toContain('header row');
  });

  it('rejects bytes that are not UTF-8', async () => {
    const path = join(scratch, 'latin1.csv');
    await writeFile(path, Buffer.from([0x61, 0x0a, 0xe9, 0x0a]));
    const error = await (async () => {
      for await (const _ of readCsvRecords(path)) {
        // drain
      }
    })().then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(DatasetLoadError);
    expect((error as Error).message).toContain('UTF-8');
  });
});
