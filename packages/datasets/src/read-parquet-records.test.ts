import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { DatasetLoadError } from '@medhelm/core';
import { type ColumnSource, parquetWriteBuffer, type SchemaElement } from 'hyparquet-writer';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  type ParquetRecord,
  type ReadParquetOptions,
  readParquetColumns,
  readParquetRecords,
} from './read-parquet-records.ts';

let scratch: string;
beforeEach(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'medhelm-parquet-'));
});
afterEach(async () => {
  await rm(scratch, { recursive: true, force: true });
});

// The layout Hugging Face (pyarrow) writes for a list<string> column: an optional LIST group with a
// repeated "list" group around an optional "element".
const listSchema = (name: string, type: 'BYTE_ARRAY' | 'INT64'): SchemaElement[] => [
  { name, repetition_type: 'OPTIONAL', converted_type: 'LIST', num_children: 1 },
  { name: 'list', repetition_type: 'REPEATED', num_children: 1 },
  type === 'BYTE_ARRAY'
    ? { name: 'element', type, converted_type: 'UTF8', repetition_type: 'OPTIONAL' }
    : { name: 'element', type, repetition_type: 'OPTIONAL' },
];

interface Fixture {
  columnData: ColumnSource[];
  schema?: SchemaElement[];
  rowGroupSize?: number;
  gzip?: boolean;
}

async function writeParquet({ columnData, schema, rowGroupSize, gzip }: Fixture): Promise<string> {
  const path = join(scratch, 'data.parquet');
  const buffer = parquetWriteBuffer({
    columnData,
    ...(schema === undefined ? {} : { schema }),
    ...(rowGroupSize === undefined ? {} : { rowGroupSize }),
    ...(gzip === true ? { codec: 'GZIP' as const, compressors: { GZIP: (bytes) => gzipSync(bytes) } } : {}),
  });
  await writeFile(path, new Uint8Array(buffer));
  return path;
}

async function readAll(path: string, options?: ReadParquetOptions): Promise<ParquetRecord[]> {
  const records: ParquetRecord[] = [];
  for await (const record of readParquetRecords(path, options)) records.push(record);
  return records;
}

async function failure(path: string, options?: ReadParquetOptions): Promise<DatasetLoadError> {
  const error = await readAll(path, options).then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(DatasetLoadError);
  return error as DatasetLoadError;
}

const textAndLists: Fixture = {
  columnData: [
    { name: 'Question', data: ['q1', null, 'q3'] },
    { name: 'Knowledge', data: [['a', "it's"], [], null] },
    { name: 'count', data: [1n, -2n, 9007199254740991n] },
  ],
  schema: [
    { name: 'schema', num_children: 3 },
    { name: 'Question', type: 'BYTE_ARRAY', converted_type: 'UTF8', repetition_type: 'OPTIONAL' },
    ...listSchema('Knowledge', 'BYTE_ARRAY'),
    { name: 'count', type: 'INT64', repetition_type: 'OPTIONAL' },
  ],
};

describe('readParquetRecords', () => {
  it('yields plain rows in file order: strings, null, lists as arrays, safe INT64 as numbers', async () => {
    const records = await readAll(await writeParquet(textAndLists));
    expect(records).toEqual([
      { record: { Question: 'q1', Knowledge: ['a', "it's"], count: 1 }, row: 1 },
      { record: { Question: null, Knowledge: [], count: -2 }, row: 2 },
      { record: { Question: 'q3', Knowledge: null, count: 9007199254740991 }, row: 3 },
    ]);
    expect(Object.keys(records[0]?.record ?? {})).toEqual(['Question', 'Knowledge', 'count']);
    expect(typeof records[2]?.record.count).toBe('number');
  });

  it('reads every row group, numbering rows across them, and gzip-compressed pages', async () => {
    const data = Array.from({ length: 7 }, (_, index) => `row ${index + 1}`);
    const path = await writeParquet({
      columnData: [{ name: 'text', data, type: 'STRING' }],
      rowGroupSize: 3,
      gzip: true,
    });
    const records = await readAll(path);
    expect(records.map(({ record, row }) => [row, record.text])).toEqual(
      data.map((text, i) => [i + 1, text]),
    );
  });

  it('reads only the columns asked for, in that order', async () => {
    const records = await readAll(await writeParquet(textAndLists), { columns: ['count', 'Question'] });
    expect(records[0]).toEqual({ record: { count: 1, Question: 'q1' }, row: 1 });
    expect(Object.keys(records[0]?.record ?? {})).toEqual(['count', 'Question']);
  });

  it('converts INT64 inside lists too', async () => {
    const path = await writeParquet({
      columnData: [{ name: 'ints', data: [[1n, 2n], [null], []] }],
      schema: [{ name: 'schema', num_children: 1 }, ...listSchema('ints', 'INT64')],
    });
    expect((await readAll(path)).map(({ record }) => record.ints)).toEqual([[1, 2], [null], []]);
  });

  it('keeps a column named __proto__ as an ordinary key', async () => {
    const path = await writeParquet({ columnData: [{ name: '__proto__', data: ['x'], type: 'STRING' }] });
    const [first] = await readAll(path);
    expect(Object.getOwnPropertyDescriptor(first?.record, '__proto__')?.value).toBe('x');
    expect(Object.getPrototypeOf(first?.record)).toBe(Object.prototype);
  });

  it('rejects an INT64 beyond the safe range, naming the file, row and column', async () => {
    const path = await writeParquet({
      columnData: [{ name: 'id', data: [1n, 2n, 9007199254740993n], type: 'INT64' }],
      rowGroupSize: 2,
    });
    const error = await failure(path);
    expect(error.location).toEqual({ file: path, row: 3, field: 'id' });
    expect(error.message).toContain(`${path}, row 3, field "id": The 64-bit integer 9007199254740993`);
  });

  it('names the list element of an unsafe INT64 inside a list', async () => {
    const path = await writeParquet({
      columnData: [{ name: 'ints', data: [[1n, -9007199254740992n]] }],
      schema: [{ name: 'schema', num_children: 1 }, ...listSchema('ints', 'INT64')],
    });
    expect((await failure(path)).location).toEqual({ file: path, row: 1, field: 'ints[1]' });
  });

  it('rejects a column the file does not have, listing those it has', async () => {
    const path = await writeParquet(textAndLists);
    const error = await failure(path, { columns: ['Question', 'Answer'] });
    expect(error.location).toEqual({ file: path, field: 'Answer' });
    expect(error.message).toContain('its columns are Question, Knowledge, count');
  });

  it('names the file when it is not Parquet', async () => {
    const path = join(scratch, 'data.parquet');
    await writeFile(path, '{"Question": "not parquet"}\n');
    const error = await failure(path);
    expect(error.location).toEqual({ file: path });
    expect(error.message).toContain(`${path}: Not a readable Parquet file`);
  });

  it('names the file when it is truncated (footer lost)', async () => {
    const path = await writeParquet(textAndLists);
    const bytes = await readFile(path);
    await writeFile(path, bytes.subarray(0, bytes.length - 20));
    expect((await failure(path)).location).toEqual({ file: path });
  });

  it('names the file and row group when a data page is corrupt', async () => {
    const path = await writeParquet({
      columnData: [{ name: 'text', data: ['abcdefgh'.repeat(50)], type: 'STRING' }],
      gzip: true,
    });
    const bytes = await readFile(path);
    // Garble the deflate blocks right after the gzip member's 10-byte header.
    const gzipStart = bytes.indexOf(Buffer.from([0x1f, 0x8b]));
    expect(gzipStart).toBeGreaterThan(0);
    bytes.fill(0xff, gzipStart + 10, gzipStart + 20);
    await writeFile(path, bytes);
    const error = await failure(path);
    expect(error.location).toEqual({ file: path, row: 1 });
    expect(error.message).toContain(`${path}, row 1: Cannot decode row group 1 (rows 1-1)`);
  });

  it('names a missing file', async () => {
    const path = join(scratch, 'missing.parquet');
    const error = await failure(path);
    expect(error.location).toEqual({ file: path });
    expect(error.message).toContain('Cannot read the file');
  });

  it('stops when aborted', async () => {
    const path = await writeParquet(textAndLists);
    const controller = new AbortController();
    controller.abort();
    await expect(readAll(path, { signal: controller.signal })).rejects.toThrow();
  });
});

describe('readParquetColumns', () => {
  const events: Fixture = {
    columnData: [
      { name: 'subject_id', data: new BigInt64Array([7n, 7n, 9n, 9n, 9n]) },
      { name: 'time', data: [1_700_000_000_000_001n, null, 1_700_000_000_000_002n, 5n, 6n] },
      { name: 'code', data: ['A/1', 'B/2', null, 'C/3', 'D/4'] },
    ],
    schema: [
      { name: 'schema', num_children: 3 },
      { name: 'subject_id', type: 'INT64', repetition_type: 'REQUIRED' },
      {
        name: 'time',
        type: 'INT64',
        repetition_type: 'OPTIONAL',
        logical_type: { type: 'TIMESTAMP', isAdjustedToUTC: false, unit: 'MICROS' },
      },
      { name: 'code', type: 'BYTE_ARRAY', converted_type: 'UTF8', repetition_type: 'OPTIONAL' },
    ],
    rowGroupSize: 2,
  };

  async function batches(path: string, columns?: string[]) {
    const file = await readParquetColumns(path, columns);
    const result: { rowStart: number; rowCount: number; columns: Record<string, unknown[]> }[] = [];
    const parsers = { timestampFromMicroseconds: (micros: bigint) => micros };
    for await (const batch of file.batches({ parsers })) {
      result.push({
        rowStart: batch.rowStart,
        rowCount: batch.rowCount,
        columns: Object.fromEntries(
          Object.entries(batch.columns).map(([name, values]) => [name, Array.from(values, (v) => v ?? null)]),
        ),
      });
    }
    return { file, result };
  }

  it('yields each row group as columns, INT64 as bigint and timestamps through the parsers given', async () => {
    const { file, result } = await batches(await writeParquet(events));
    expect(file.numRows).toBe(5);
    expect([...file.schema.keys()]).toEqual(['subject_id', 'time', 'code']);
    expect(file.schema.get('time')?.logical_type).toEqual({
      type: 'TIMESTAMP',
      isAdjustedToUTC: false,
      unit: 'MICROS',
    });
    expect(result).toEqual([
      {
        rowStart: 0,
        rowCount: 2,
        columns: { subject_id: [7n, 7n], time: [1_700_000_000_000_001n, null], code: ['A/1', 'B/2'] },
      },
      {
        rowStart: 2,
        rowCount: 2,
        columns: { subject_id: [9n, 9n], time: [1_700_000_000_000_002n, 5n], code: [null, 'C/3'] },
      },
      { rowStart: 4, rowCount: 1, columns: { subject_id: [9n], time: [6n], code: ['D/4'] } },
    ]);
  });

  it('assembles a row group written in many small pages', async () => {
    const codes = Array.from({ length: 300 }, (_, index) => `CODE/${index}`);
    const path = join(scratch, 'pages.parquet');
    const buffer = parquetWriteBuffer({
      columnData: [
        { name: 'subject_id', data: new BigInt64Array(codes.map((_, index) => BigInt(index))) },
        { name: 'code', data: codes, type: 'STRING' },
      ],
      pageSize: 64,
    });
    await writeFile(path, new Uint8Array(buffer));
    const file = await readParquetColumns(path);
    const received: { subjects: unknown[]; codes: unknown[] } = { subjects: [], codes: [] };
    for await (const batch of file.batches()) {
      received.subjects.push(...Array.from(batch.columns.subject_id as ArrayLike<unknown>));
      received.codes.push(...Array.from(batch.columns.code as ArrayLike<unknown>));
    }
    expect(received.codes).toEqual(codes);
    expect(received.subjects).toEqual(codes.map((_, index) => BigInt(index)));
  });

  it('reads only the columns asked for, and rejects one the file lacks', async () => {
    const path = await writeParquet(events);
    const { result } = await batches(path, ['code']);
    expect(result.map((batch) => Object.keys(batch.columns))).toEqual([['code'], ['code'], ['code']]);
    const error = await readParquetColumns(path, ['prediction_time']).then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(DatasetLoadError);
    expect((error as DatasetLoadError).location).toEqual({ file: path, field: 'prediction_time' });
  });

  it('names a file that is not Parquet', async () => {
    const path = join(scratch, 'not.parquet');
    await writeFile(path, 'subject_id,time\n1,2\n');
    await expect(readParquetColumns(path)).rejects.toThrow(DatasetLoadError);
  });
});
