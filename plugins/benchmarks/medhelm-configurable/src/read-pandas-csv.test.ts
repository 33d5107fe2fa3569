import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatPandasValue, isPandasMissing, readPandasCsv } from './read-pandas-csv.ts';

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

const scratch = mkdtempSync(join(tmpdir(), 'medhelm-pandas-csv-'));

function csvFile(name: string, text: string): string {
  const path = join(scratch, `${name.replaceAll(/[^a-z0-9]+/gi, '-')}.csv`);
  writeFileSync(path, text);
  return path;
}

describe('readPandasCsv (pd.read_csv, then iterrows and format)', () => {
  it.each(cases)('$name', async ({ name, csv, columns, dtypes, rows }) => {
    const table = await readPandasCsv(csvFile(name, csv));
    expect(table.columns).toEqual(columns);
    expect(table.dtypes).toEqual(dtypes.map((dtype) => (dtype === 'bool' ? 'bool' : dtype)));
    expect(table.rows.map((row) => row.values.map(formatPandasValue))).toEqual(rows);
  });

  it('says where each row is and which cells are missing', async () => {
    const table = await readPandasCsv(csvFile('where', 'id,note\n1,"two\nlines"\n\n2,\n'));
    expect(table.rows.map((row) => [row.line, row.row])).toEqual([
      [2, 1],
      [5, 2],
    ]);
    expect(table.rows.map((row) => row.values.map(isPandasMissing))).toEqual([
      [false, false],
      [false, true],
    ]);
  });

  it('refuses a row whose field count is not the header’s, naming the file and line', async () => {
    const path = csvFile('short', 'a,b\n1,2\n3\n');
    await expect(readPandasCsv(path)).rejects.toThrow(
      expect.objectContaining({
        message: expect.stringContaining('Expected 2 fields as in the header row, found 1'),
        location: expect.objectContaining({ file: path, line: 3 }),
      }),
    );
  });
});
