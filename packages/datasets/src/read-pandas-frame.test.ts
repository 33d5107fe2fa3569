import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatasetLoadError } from '@medhelm/core';
import { findFidelityDirectory } from '@medhelm/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isPandasNa, pandasStr } from './pandas-column.ts';
import {
  type PandasFrame,
  pandasIterrows,
  pandasRowLocation,
  readPandasCsv,
  readPandasExcel,
} from './read-pandas-frame.ts';

let scratch: string;
beforeEach(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'medhelm-pandas-'));
});
afterEach(async () => {
  await rm(scratch, { recursive: true, force: true });
});

async function csv(content: string | Buffer): Promise<PandasFrame> {
  const path = join(scratch, 'data.csv');
  await writeFile(path, content);
  return readPandasCsv(path);
}

/** `str(df[column][i])` for every row. */
function column(frame: PandasFrame, name: string): string[] {
  return frame.rows.map((row) => {
    const cell = row.cells.get(name);
    if (cell === undefined) throw new Error(`no column ${name}`);
    return pandasStr(cell);
  });
}

async function failure(content: string): Promise<DatasetLoadError> {
  const error = await csv(content).then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(DatasetLoadError);
  return error as DatasetLoadError;
}

// Made by pandas itself (scripts/pandas-read-csv-cases.py): each CSV, the columns and dtypes
// read_csv gives it, and the text format(value, "") gives each cell of each row of iterrows().
interface PandasCase {
  name: string;
  csv: string;
  columns: string[];
  dtypes: string[];
  rows: string[][];
}
const { cases } = JSON.parse(
  readFileSync(new URL('../test/pandas-read-csv-cases.json', import.meta.url), 'utf8'),
) as { cases: PandasCase[] };

describe('readPandasCsv, then pandasIterrows, as pandas reads the same CSV', () => {
  it.each(cases)('$name', async ({ csv: text, columns, dtypes, rows }) => {
    const frame = await csv(text);
    expect(frame.columns).toEqual(columns);
    expect(frame.columns.map((name) => frame.dtypes.get(name))).toEqual(dtypes);
    expect(
      pandasIterrows(frame).map((row) => columns.map((name) => pandasStr(row.cells.get(name) as never))),
    ).toEqual(rows);
  });
});

describe('readPandasCsv', () => {
  it("reads pandas' default NA strings, quoted or not, as NaN, and infers each column's type", async () => {
    const frame = await csv('id,n,note\r\n1,2,"NA"\r\n2,,None\r\n3,1,""\r\n4,3,nan\r\n5,4,n/a words\r\n');
    expect(frame.columns).toEqual(['id', 'n', 'note']);
    expect(Object.fromEntries(frame.dtypes)).toEqual({ id: 'int64', n: 'float64', note: 'object' });
    expect(column(frame, 'n')).toEqual(['2.0', 'nan', '1.0', '3.0', '4.0']);
    expect(frame.rows.map((row) => isPandasNa(row.cells.get('note') as never))).toEqual([
      true,
      true,
      true,
      true,
      false,
    ]);
  });

  it('ends records at CRLF, LF or CR and keeps line breaks inside quotes byte for byte', async () => {
    const frame = await csv('a,b\r\n"one\r\ntwo",x\n"three\nfour",y\rplain,z\r\n');
    expect(column(frame, 'a')).toEqual(['one\r\ntwo', 'three\nfour', 'plain']);
    expect(frame.rows.map((row) => [row.row, row.line])).toEqual([
      [1, 2],
      [2, 4],
      [3, 6],
    ]);
  });

  it('drops a byte-order mark, skips blank and whitespace-only lines, pads short rows with NaN', async () => {
    const frame = await csv(Buffer.from('\ufeffa,b,c\n\n1,x,y\n   \n2,z\n', 'utf8'));
    expect(frame.columns).toEqual(['a', 'b', 'c']);
    expect(column(frame, 'a')).toEqual(['1', '2']);
    expect(column(frame, 'c')).toEqual(['y', 'nan']);
    expect(frame.rows.map((row) => row.line)).toEqual([3, 5]);
  });

  it('names the line of a row with more fields than the header', async () => {
    const error = await failure('a,b\n1,2\n3,4,5\n');
    expect(error.location).toEqual({ file: join(scratch, 'data.csv'), line: 3, row: 2 });
    expect(error.message).toContain('Expected 2 fields as in the header row, saw 3');
  });

  it('names the line of malformed quoting and refuses an empty file', async () => {
    const unterminated = await failure('a,b\n1,2\n3,"never closed\n');
    expect(unterminated.location).toMatchObject({ line: 3 });
    expect(unterminated.message).toContain('Malformed CSV');
    expect((await failure('')).message).toContain('No columns to parse from file');
  });

  it('gives row locations for errors about a row', async () => {
    const frame = await csv('a\n1\n');
    expect(pandasRowLocation(frame, frame.rows[0] as never, 'a')).toEqual({
      file: join(scratch, 'data.csv'),
      row: 1,
      line: 2,
      field: 'a',
    });
  });
});

// The synthetic CLEAR workbooks, bundled in the repository (@medhelm/fidelity-vectors), so this runs on a fresh clone.
const fidelityDirectory = findFidelityDirectory(['data/clear']);

describe.skipIf(fidelityDirectory === undefined)(
  "readPandasExcel on the project's synthetic CLEAR workbooks",
  () => {
    const clear = (name: string) => join(fidelityDirectory ?? '', 'data', 'clear', `${name}.xlsx`);

    it('reads result_human as float64 where a cell is empty (homelessness), int64 elsewhere', async () => {
      const homelessness = await readPandasExcel(clear('homelessness'));
      expect(homelessness.dtypes.get('result_human')).toBe('float64');
      expect(column(homelessness, 'result_human')).toEqual(['nan', '1.0', '0.0', '2.0', '1.0']);
      expect(homelessness.rows.map((row) => row.row)).toEqual([2, 3, 4, 5, 6]);
      const liver = await readPandasExcel(clear('liver_disease'));
      expect(liver.dtypes.get('result_human')).toBe('int64');
      expect(column(liver, 'result_human')).toEqual(['0', '1', '0', '2', '3']);
    });

    it('keeps a number cell among notes as an int (major_depression) and an empty note as NaN (ADHD)', async () => {
      const depression = await readPandasExcel(clear('major_depression'));
      expect(depression.dtypes.get('text')).toBe('object');
      expect(column(depression, 'text')[0]).toBe('20451117');
      const adhd = await readPandasExcel(clear('attention_deficit_hyperactivity_disorder'));
      expect(column(adhd, 'text')[1]).toBe('nan');
    });
  },
);
