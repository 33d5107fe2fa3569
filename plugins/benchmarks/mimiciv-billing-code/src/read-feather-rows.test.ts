import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatasetLoadError } from '@medhelm/core';
import {
  Field,
  Float64,
  List,
  RecordBatchFileWriter,
  RecordBatchStreamWriter,
  Table,
  Utf8,
  vectorFromArray,
} from 'apache-arrow';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FeatherRow, readFeatherRows } from './read-feather-rows.ts';

const arrowTesting = join(import.meta.dirname, '..', 'test', 'fixtures', 'arrow-testing');

async function rowsOf(path: string, columns: string[]): Promise<FeatherRow[]> {
  const rows: FeatherRow[] = [];
  for await (const row of readFeatherRows(path, columns)) rows.push(row);
  return rows;
}

async function failure(path: string, columns: string[]): Promise<DatasetLoadError> {
  const error = await rowsOf(path, columns).catch((reason: unknown) => reason);
  expect(error).toBeInstanceOf(DatasetLoadError);
  return error as DatasetLoadError;
}

describe.each(['lz4', 'zstd'])('a %s-compressed Arrow IPC file written by Arrow C++', (codec) => {
  it('reads both record batches, values and nulls, rows numbered across batches', async () => {
    const rows = await rowsOf(join(arrowTesting, `generated_${codec}.arrow_file`), ['ints', 'strs']);
    expect(rows).toHaveLength(60);
    expect(rows.slice(0, 3)).toEqual([
      { row: 1, values: { ints: 42n, strs: 'foo' } },
      { row: 2, values: { ints: 43n, strs: 'bar' } },
      { row: 3, values: { ints: 44n, strs: null } },
    ]);
    expect(rows.at(-1)).toEqual({ row: 60, values: { ints: 4229n, strs: 'bar' } });
  });
});

describe('readFeatherRows on files that are not Feather v2', () => {
  let scratch: string;
  beforeEach(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'medhelm-feather-'));
  });
  afterEach(async () => {
    await rm(scratch, { recursive: true, force: true });
  });

  const table = () => new Table({ text: vectorFromArray(['a note'], new Utf8()) });

  it('says a Feather v1 file must be rewritten as v2, and how', async () => {
    const path = join(scratch, 'v1.feather');
    // Feather v1 starts and ends with the magic "FEA1" (a flatbuffers table in between).
    await writeFile(path, Buffer.concat([Buffer.from('FEA1'), Buffer.alloc(16), Buffer.from('FEA1')]));
    const error = await failure(path, ['text']);
    expect(error.message).toContain('This is a Feather v1 file, which apache-arrow (JavaScript) cannot read');
    expect(error.hint).toContain('to_feather');
    expect(error.location).toEqual({ file: path });
  });

  it('refuses an Arrow stream and a CSV, naming the file', async () => {
    const stream = join(scratch, 'stream.arrow');
    await writeFile(stream, RecordBatchStreamWriter.writeAll(table()).toUint8Array(true));
    expect((await failure(stream, ['text'])).message).toContain('Not a Feather v2 file');
    const csv = join(scratch, 'notes.csv');
    await writeFile(csv, 'text,target\n"a note","[]"\n');
    expect((await failure(csv, ['text'])).location).toEqual({ file: csv });
  });

  it('names a missing column and lists the columns there are', async () => {
    const path = join(scratch, 'columns.feather');
    await writeFile(path, RecordBatchFileWriter.writeAll(table()).toUint8Array(true));
    const error = await failure(path, ['text', 'target']);
    expect(error.message).toContain('The file has no column "target"; its columns are text.');
    expect(error.location).toEqual({ file: path, field: 'target' });
  });

  it('reports a truncated file as a DatasetLoadError, not a crash', async () => {
    const bytes = RecordBatchFileWriter.writeAll(
      new Table({
        text: vectorFromArray(['a note', 'another'], new Utf8()),
        target: vectorFromArray([[1.5], [2]], new List(new Field('item', new Float64(), true))),
      }),
    ).toUint8Array(true);
    const path = join(scratch, 'truncated.feather');
    await writeFile(path, bytes.subarray(0, bytes.length - 40));
    const error = await failure(path, ['text']);
    expect(error.location).toEqual({ file: path });
  });

  it('says when the file cannot be opened', async () => {
    const path = join(scratch, 'absent.feather');
    expect((await failure(path, ['text'])).message).toContain('Cannot read the file');
  });
});
