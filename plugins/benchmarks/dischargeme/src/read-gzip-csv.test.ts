import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { DatasetLoadError } from '@medhelm/core';
import { describe, expect, it } from 'vitest';
import { type GzipCsvRow, readGzipCsv } from './read-gzip-csv.ts';

const scratch = mkdtempSync(join(tmpdir(), 'medhelm-dischargeme-csv-'));
let files = 0;

function gzipFile(content: string | Buffer, compress = true): string {
  const path = join(scratch, `file${files++}.csv.gz`);
  const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
  writeFileSync(path, compress ? gzipSync(bytes) : bytes);
  return path;
}

async function rows(path: string, columns: string[]): Promise<GzipCsvRow[]> {
  const result: GzipCsvRow[] = [];
  for await (const row of readGzipCsv(path, columns)) result.push(row);
  return result;
}

async function failure(path: string, columns: string[]): Promise<DatasetLoadError> {
  const error = await rows(path, columns).then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(DatasetLoadError.isInstance(error), String(error)).toBe(true);
  return error as DatasetLoadError;
}

describe('readGzipCsv', () => {
  it('yields the asked columns as written, keep_default_na=False: NA, null and empty cells stay text', async () => {
    const path = gzipFile('id,text,extra\n1,NA,x\n2,,y\n3,null,z\n4,N/A,w\n');
    expect(await rows(path, ['text', 'id'])).toEqual([
      { values: ['NA', '1'], line: 2, row: 1 },
      { values: ['', '2'], line: 3, row: 2 },
      { values: ['null', '3'], line: 4, row: 3 },
      { values: ['N/A', '4'], line: 5, row: 4 },
    ]);
  });

  it('keeps line breaks in quoted cells byte for byte and counts lines as the file has them', async () => {
    const path = gzipFile('id,text\r\n1,"a\r\nb ""c"", d"\r\n2,"e\nf"\r\n3,g\r\n');
    expect(await rows(path, ['id', 'text'])).toEqual([
      { values: ['1', 'a\r\nb "c", d'], line: 2, row: 1 },
      { values: ['2', 'e\nf'], line: 4, row: 2 },
      { values: ['3', 'g'], line: 6, row: 3 },
    ]);
  });

  it('skips empty and whitespace-only lines as pandas does, drops a byte-order mark, reads \\r line ends', async () => {
    const path = gzipFile('\ufeff\nid,text\n\n1,a\n  \t\n\r\n2,b\r3,c');
    expect(await rows(path, ['id', 'text'])).toEqual([
      { values: ['1', 'a'], line: 4, row: 1 },
      { values: ['2', 'b'], line: 7, row: 2 },
      { values: ['3', 'c'], line: 8, row: 3 },
    ]);
  });

  it('reads a repeated column name as its first occurrence (pandas names the next one name.1)', async () => {
    const path = gzipFile('text,id,text\nfirst,1,second\n');
    expect(await rows(path, ['text'])).toEqual([{ values: ['first'], line: 2, row: 1 }]);
  });

  it('names a missing column and lists the header', async () => {
    const error = await failure(gzipFile('note_id,hadm_id\n1,2\n'), ['hadm_id', 'text']);
    expect(error.message).toContain('Missing column "text"; the header has "note_id", "hadm_id"');
    expect(error.location).toMatchObject({ line: 1, field: 'text' });
  });

  it('refuses a row with more or fewer fields than the header, with its line', async () => {
    const extra = await failure(gzipFile('a,b\n1,2\n"x\ny",2,3\n'), ['a']);
    expect(extra.location).toMatchObject({ line: 3, row: 2 });
    expect(extra.message).toContain('Expected 2 fields as in the header row, found 3');
    const fewer = await failure(gzipFile('a,b\n1,2\n3\n'), ['a']);
    expect(fewer.location).toMatchObject({ line: 3, row: 2 });
  });

  it('reports an unclosed quote with the line where its row starts', async () => {
    const error = await failure(gzipFile('a,b\n1,2\n3,"open\nmore\n'), ['a']);
    expect(error.message).toContain('Malformed CSV');
    expect(error.location).toMatchObject({ line: 3, row: 2 });
  });

  it('refuses a file that is not gzip, a truncated one, invalid UTF-8 and an empty file', async () => {
    const plain = await failure(gzipFile('a,b\n1,2\n', false), ['a']);
    expect(plain.message).toContain('not gzip-compressed CSV');
    expect(plain.hint).toContain('do not unpack it');

    const whole = gzipSync(Buffer.from(`a,b\n${'1,2\n'.repeat(2000)}`));
    const truncated = await failure(gzipFile(whole.subarray(0, whole.length - 20), false), ['a']);
    expect(truncated.message).toContain('truncated');

    const latin1 = await failure(gzipFile(Buffer.from('a,b\n1,caf\xe9\n', 'latin1')), ['a']);
    expect(latin1.message).toContain('not valid UTF-8');

    const empty = await failure(gzipFile(''), ['a']);
    expect(empty.message).toContain('The file is empty');
  });
});
