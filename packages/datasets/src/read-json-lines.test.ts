import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatasetLoadError } from '@medhelm/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type JsonLine, readJsonLines } from './read-json-lines.ts';

let scratch: string;
beforeEach(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'medhelm-jsonl-'));
});
afterEach(async () => {
  await rm(scratch, { recursive: true, force: true });
});

async function write(content: string | Buffer): Promise<string> {
  const path = join(scratch, 'data.jsonl');
  await writeFile(path, content);
  return path;
}

async function readAll(path: string): Promise<JsonLine[]> {
  const records: JsonLine[] = [];
  for await (const record of readJsonLines(path)) records.push(record);
  return records;
}

async function failure(path: string): Promise<DatasetLoadError> {
  const error = await readAll(path).then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(DatasetLoadError);
  return error as DatasetLoadError;
}

describe('readJsonLines', () => {
  it('yields every line with its 1-based line number, in file order', async () => {
    const path = await write('{"a": 1}\n["x", null]\n"text"\n42\n');
    expect(await readAll(path)).toEqual([
      { line: 1, value: { a: 1 } },
      { line: 2, value: ['x', null] },
      { line: 3, value: 'text' },
      { line: 4, value: 42 },
    ]);
  });

  it('skips blank lines but counts them, and reads a last line without a newline', async () => {
    const path = await write('\n{"a": 1}\n\n  \t \n{"b": 2}');
    expect(await readAll(path)).toEqual([
      { line: 2, value: { a: 1 } },
      { line: 5, value: { b: 2 } },
    ]);
  });

  it('ends lines at \\n, \\r\\n and a lone \\r, as Python text mode does', async () => {
    const path = await write('{"a": 1}\r\n{"b": 2}\r{"c": 3}\n');
    expect(await readAll(path)).toEqual([
      { line: 1, value: { a: 1 } },
      { line: 2, value: { b: 2 } },
      { line: 3, value: { c: 3 } },
    ]);
  });

  it('keeps U+2028 and U+2029 inside a line (Python does not split on them)', async () => {
    const path = await write('{"a": "x\u2028y\u2029z"}\n');
    expect(await readAll(path)).toEqual([{ line: 1, value: { a: 'x\u2028y\u2029z' } }]);
  });

  it('decodes multi-byte characters split across read chunks', async () => {
    // Well over the 64 KiB read chunk, with 2-, 3- and 4-byte characters all along.
    const rows = Array.from({ length: 3000 }, (_, index) => ({
      index,
      text: `é—😀 ${'ü'.repeat(index % 37)}`,
    }));
    const path = await write(`${rows.map((row) => JSON.stringify(row)).join('\r\n')}\r\n`);
    const records = await readAll(path);
    expect(records).toHaveLength(3000);
    expect(records.map((record) => record.value)).toEqual(rows);
    expect(records.at(-1)?.line).toBe(3000);
  });

  it('names the file, line and column of invalid JSON', async () => {
    const path = await write('{"a": 1}\n\n{"b": 2,}\n{"c": 3}\n');
    const error = await failure(path);
    expect(error.location).toEqual({ file: path, line: 3 });
    expect(error.message).toContain(`${path}, line 3: Invalid JSON at column 9`);
  });

  it.each([
    ['a truncated object', '{"a": [1, 2', 12],
    ['two values on one line', '{"a": 1} {"b": 2}', 10],
    ['a single-quoted string', "{'a': 1}", 2],
  ])('names the line and column of %s', async (_what, line, column) => {
    const path = await write(`{"ok": true}\n${line}\n`);
    const error = await failure(path);
    expect(error.location).toEqual({ file: path, line: 2 });
    expect(error.message).toContain(`line 2: Invalid JSON at column ${column}`);
  });

  it('keeps a byte-order mark, as Python open() does, so the first line is invalid JSON', async () => {
    const path = await write('\ufeff{"a": 1}\n');
    const error = await failure(path);
    expect(error.location).toEqual({ file: path, line: 1 });
  });

  it('rejects bytes that are not UTF-8', async () => {
    const path = await write(
      Buffer.concat([Buffer.from('{"a": "'), Buffer.from([0xff]), Buffer.from('"}\n')]),
    );
    const error = await failure(path);
    expect(error.location).toEqual({ file: path });
    expect(error.message).toContain('not valid UTF-8');
  });

  it('says when the file is a ZIP archive (a download of a zipped dataset)', async () => {
    const path = await write(Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(60)]));
    const error = await failure(path);
    expect(error.location).toEqual({ file: path });
    expect(error.message).toContain('ZIP archive');
  });

  it('names a file that cannot be read', async () => {
    const path = join(scratch, 'missing.jsonl');
    const error = await failure(path);
    expect(error.location).toEqual({ file: path });
    expect(error.message).toContain('Cannot read the file');
  });

  it('can be left early', async () => {
    const path = await write('{"a": 1}\n{"b": 2}\nnot json\n');
    for await (const record of readJsonLines(path)) {
      expect(record).toEqual({ line: 1, value: { a: 1 } });
      break;
    }
  });
});
