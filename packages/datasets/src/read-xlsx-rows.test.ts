import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, posix } from 'node:path';
import { DatasetLoadError } from '@medhelm/core';
import { buildZipArchive, findFidelityDirectory } from '@medhelm/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type PandasCell, pandasStr } from './pandas-column.ts';
import { readPandasExcel } from './read-pandas-frame.ts';
import {
  PANDAS_DEFAULT_NA_VALUES,
  type ReadXlsxRowsOptions,
  readXlsxRows,
  type XlsxRow,
} from './read-xlsx-rows.ts';

let scratch: string;
beforeEach(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'medhelm-xlsx-'));
});
afterEach(async () => {
  await rm(scratch, { recursive: true, force: true });
});

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';
const WORKSHEET_REL = `${REL}/worksheet`;
const CHARTSHEET_REL = `${REL}/chartsheet`;

interface SheetSpec {
  name: string;
  /** The `<sheetData>` content. */
  rows?: string;
  /** Relationship target, relative to xl/ unless it starts with "/". Default worksheets/<name>.xml. */
  target?: string;
  type?: string;
  /** Leave the part out of the archive. */
  missing?: boolean;
}

/**
 * A minimal .xlsx as spreadsheet applications write one: content types, the package and workbook
 * relationships, the workbook's `<sheets>`, worksheets and an optional shared strings table.
 */
function buildWorkbook(sheets: SheetSpec[], sharedStrings?: string[]): Buffer {
  const parts: { name: string; data: string }[] = [];
  const overrides = [
    `<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>`,
  ];
  if (sharedStrings !== undefined) {
    overrides.push(
      `<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>`,
    );
    parts.push({
      name: 'xl/sharedStrings.xml',
      data: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<sst xmlns="${MAIN}" count="${sharedStrings.length}" uniqueCount="${sharedStrings.length}">${sharedStrings.join('')}</sst>`,
    });
  }
  const relationships: string[] = [];
  const sheetEntries: string[] = [];
  sheets.forEach((sheet, index) => {
    const id = `rId${index + 1}`;
    const target = sheet.target ?? `worksheets/${sheet.name}.xml`;
    relationships.push(`<Relationship Id="${id}" Type="${sheet.type ?? WORKSHEET_REL}" Target="${target}"/>`);
    sheetEntries.push(`<sheet name="${sheet.name}" sheetId="${index + 1}" state="visible" r:id="${id}"/>`);
    if (sheet.missing) return;
    const member = target.startsWith('/') ? target.slice(1) : posix.normalize(`xl/${target}`);
    parts.push({
      name: member,
      data: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="${MAIN}" xmlns:r="${REL}"><dimension ref="A1"/><sheetData>${sheet.rows ?? ''}</sheetData></worksheet>`,
    });
  });
  return buildZipArchive([
    {
      name: '[Content_Types].xml',
      data: `<?xml version="1.0" encoding="UTF-8"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>${overrides.join('')}</Types>`,
    },
    {
      name: '_rels/.rels',
      data: `<?xml version="1.0" encoding="UTF-8"?>\n<Relationships xmlns="${PKG_REL}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    },
    {
      name: 'xl/workbook.xml',
      data: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets>${sheetEntries.join('')}</sheets></workbook>`,
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: `<?xml version="1.0" encoding="UTF-8"?>\n<Relationships xmlns="${PKG_REL}">${relationships.join('')}</Relationships>`,
    },
    ...parts,
  ]);
}

const si = (text: string) => `<si><t xml:space="preserve">${text}</t></si>`;
const s = (ref: string, index: number) => `<c r="${ref}" t="s"><v>${index}</v></c>`;
const inline = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;
const n = (ref: string, value: string) => `<c r="${ref}"><v>${value}</v></c>`;
const row = (r: number | undefined, ...cells: string[]) =>
  `<row${r === undefined ? '' : ` r="${r}"`}>${cells.join('')}</row>`;

async function write(bytes: Buffer, name = 'book.xlsx'): Promise<string> {
  const path = join(scratch, name);
  await writeFile(path, bytes);
  return path;
}

async function rows(path: string, options?: ReadXlsxRowsOptions): Promise<XlsxRow[]> {
  const result: XlsxRow[] = [];
  for await (const item of readXlsxRows(path, options)) result.push(item);
  return result;
}

async function failure(path: string, options?: ReadXlsxRowsOptions): Promise<DatasetLoadError> {
  const error = await rows(path, options).then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(DatasetLoadError);
  return error as DatasetLoadError;
}

describe('readXlsxRows', () => {
  it('reads shared strings, rich text runs and inline strings under the header names, with row numbers', async () => {
    const path = await write(
      buildWorkbook(
        [
          {
            name: 'DrugQA',
            rows:
              row(1, s('A1', 0), s('B1', 1)) +
              row(2, s('A2', 2), s('B2', 3)) +
              row(3, inline('A3', 'inline  text '), s('B3', 4)),
          },
        ],
        [
          si('Question'),
          si('Answer'),
          si('what is it?\n'),
          // A rich text cell: the runs are joined; the phonetic run (rPh) is not part of the value.
          `<si><r><rPr><b val="true"/></rPr><t>Bold</t></r><r><t xml:space="preserve"> and plain</t></r><rPh sb="0" eb="1"><t>ignored</t></rPh></si>`,
          si('tab\there &amp; &lt;there&gt;'),
        ],
      ),
    );
    expect(await rows(path)).toEqual([
      { row: 2, sheet: 'DrugQA', record: { Question: 'what is it?\n', Answer: 'Bold and plain' } },
      { row: 3, sheet: 'DrugQA', record: { Question: 'inline  text ', Answer: 'tab\there & <there>' } },
    ]);
  });

  it('converts numbers, booleans, formula results and error cells as openpyxl and pandas do', async () => {
    const path = await write(
      buildWorkbook([
        {
          name: 'Sheet1',
          rows:
            row(
              1,
              ...['int', 'float', 'integral', 'exponent', 'bool', 'formula', 'error', 'date'].map(
                (name, index) => inline(`${String.fromCharCode(65 + index)}1`, name),
              ),
            ) +
            row(
              2,
              n('A2', '42'),
              n('B2', '1.5'),
              n('C2', '3.0'),
              n('D2', '1E3'),
              '<c r="E2" t="b"><v>1</v></c>',
              '<c r="F2" t="str"><f>A2&amp;"x"</f><v>42x</v></c>',
              '<c r="G2" t="e"><f>1/0</f><v>#DIV/0!</v></c>',
              '<c r="H2" t="d"><v>2019-05-07T00:00:00</v></c>',
            ) +
            row(
              3,
              n('A3', '-7'),
              n('B3', ' 2.25 '),
              n('C3', '1_000'),
              n('D3', '.5'),
              '<c r="E3" t="b"><v>0</v></c>',
            ),
        },
      ]),
    );
    const [first, second] = await rows(path);
    // _cast_number: int() without ".", "e", "E", else float(); pandas turns an integral float into an int.
    expect(first?.record).toEqual({
      int: 42,
      float: 1.5,
      integral: 3,
      exponent: 1000,
      bool: true,
      formula: '42x',
      error: null,
      date: '2019-05-07T00:00:00',
    });
    expect(second?.record).toEqual({
      int: -7,
      float: 2.25,
      integral: 1000,
      exponent: 0.5,
      bool: false,
      formula: null,
      error: null,
      date: null,
    });
  });

  it("reads empty cells and pandas' default NA strings as null, or keeps them with keepDefaultNa: false", async () => {
    const path = await write(
      buildWorkbook(
        [
          {
            name: 'Sheet1',
            rows:
              row(1, inline('A1', 'a'), inline('B1', 'b'), inline('C1', 'c'), inline('D1', 'd')) +
              row(2, s('A2', 0), s('B2', 1), '<c r="C2" t="s"/>', s('D2', 2)) +
              row(
                3,
                inline('A3', 'None'),
                inline('B3', 'n/a'),
                inline('C3', ' NA'),
                '<c r="D3" t="e"><v>#N/A</v></c>',
              ),
          },
        ],
        [si(''), si('NA'), si('na')],
      ),
    );
    expect((await rows(path)).map((item) => item.record)).toEqual([
      { a: null, b: null, c: null, d: 'na' },
      { a: null, b: null, c: ' NA', d: null },
    ]);
    expect((await rows(path, { keepDefaultNa: false })).map((item) => item.record)).toEqual([
      { a: '', b: 'NA', c: '', d: 'na' },
      { a: 'None', b: 'n/a', c: ' NA', d: null },
    ]);
    expect(PANDAS_DEFAULT_NA_VALUES.has('None')).toBe(true);
    expect(PANDAS_DEFAULT_NA_VALUES.has('na')).toBe(false);
  });

  it('keeps blank rows in the middle, drops trailing ones, and pads short rows (pandas get_sheet_data)', async () => {
    const path = await write(
      buildWorkbook([
        {
          name: 'Sheet1',
          rows:
            row(1, inline('A1', 'x'), inline('B1', 'y')) +
            row(2, inline('A2', 'first')) +
            // Row 3 is missing and row 4 has only an empty cell: both are rows of nulls.
            row(4, '<c r="B4" t="inlineStr"><is><t></t></is></c>') +
            row(5, inline('B5', 'second')) +
            row(6) +
            row(9, '<c r="A9"/>'),
        },
      ]),
    );
    expect(await rows(path)).toEqual([
      { row: 2, sheet: 'Sheet1', record: { x: 'first', y: null } },
      { row: 3, sheet: 'Sheet1', record: { x: null, y: null } },
      { row: 4, sheet: 'Sheet1', record: { x: null, y: null } },
      { row: 5, sheet: 'Sheet1', record: { x: null, y: 'second' } },
    ]);
  });

  it('names columns as pandas does: Unnamed: <i> for empty header cells, .1 suffixes for repeats', async () => {
    const path = await write(
      buildWorkbook([
        {
          name: 'Sheet1',
          rows:
            row(1, inline('A1', 'A'), inline('B1', 'A'), inline('D1', 'A.1'), n('E1', '7')) +
            row(2, n('A2', '1'), n('B2', '2'), n('C2', '3'), n('D2', '4'), n('E2', '5'), n('F2', '6')),
        },
      ]),
    );
    const [only] = await rows(path);
    // The python parser numbers named columns first: A, A.1 is taken by column D, so B gets A.2.
    expect(only?.record).toEqual({ A: 1, 'A.2': 2, 'Unnamed: 2': 3, 'A.1': 4, '7': 5, 'Unnamed: 5': 6 });
  });

  it('places cells by their reference, and cells and rows without one after the previous', async () => {
    const path = await write(
      buildWorkbook([
        {
          name: 'Sheet1',
          rows:
            row(
              undefined,
              '<c t="inlineStr"><is><t>h1</t></is></c>',
              '<c t="inlineStr"><is><t>h2</t></is></c>',
            ) + row(undefined, '<c r="B2"><v>2</v></c>'),
        },
      ]),
    );
    expect(await rows(path)).toEqual([{ row: 2, sheet: 'Sheet1', record: { h1: null, h2: 2 } }]);
  });

  it("removes openpyxl's x005F_ from shared strings only and keeps other _xHHHH_ escapes as written", async () => {
    const path = await write(
      buildWorkbook(
        [
          {
            name: 'Sheet1',
            rows:
              row(1, inline('A1', 'a'), inline('B1', 'b')) +
              row(2, s('A2', 0), inline('B2', '_x005F_x000D_')),
          },
        ],
        [si('line_x000D_ one _x005F_x000D_')],
      ),
    );
    expect((await rows(path))[0]?.record).toEqual({ a: 'line_x000D_ one _x000D_', b: '_x005F_x000D_' });
  });

  it('reads the first worksheet in workbook order, skipping chartsheets and sheets whose part is missing', async () => {
    const sheet = (header: string) => row(1, inline('A1', header)) + row(2, inline('A2', `${header} value`));
    const path = await write(
      buildWorkbook([
        { name: 'Gone', missing: true, rows: sheet('gone') },
        { name: 'Chart', type: CHARTSHEET_REL, target: 'chartsheets/sheet1.xml', rows: sheet('chart') },
        { name: 'Second', target: '/xl/worksheets/z.xml', rows: sheet('second') },
        { name: 'Third', target: 'worksheets/../worksheets/a.xml', rows: sheet('third') },
      ]),
    );
    expect((await rows(path))[0]).toEqual({ row: 2, sheet: 'Second', record: { second: 'second value' } });
    expect((await rows(path, { sheet: 1 }))[0]?.record).toEqual({ third: 'third value' });
    expect((await rows(path, { sheet: 'Third' }))[0]?.sheet).toBe('Third');
    const unknown = await failure(path, { sheet: 'Chart' });
    expect(unknown.message).toContain('no worksheet named "Chart" (its worksheets: "Second", "Third")');
    expect((await failure(path, { sheet: 2 })).message).toContain('no worksheet at index 2');
  });

  it('yields nothing for an empty worksheet', async () => {
    expect(await rows(await write(buildWorkbook([{ name: 'Empty' }])))).toEqual([]);
  });
});

// MedicationQA states no licence, so its workbook and HELM's prompts stay in the shared folder (withheld.json).
const fidelityDirectory = findFidelityDirectory([
  'conformance/prompts/medication_qa.jsonl',
  'data/medication_qa/MedInfo2019-QA-Medications.xlsx',
]);

describe.skipIf(fidelityDirectory === undefined)(
  'readXlsxRows against pandas (MedicationQA, shared folder only)',
  () => {
    it('reads the shared MedicationQA workbook as pandas.read_excel did for HELM (200 rows)', async () => {
      // HELM's prompt vectors hold each row's Question (inside the prompt) and Answer (the
      // reference), as pandas read them from this workbook.
      const vectors = readFileSync(
        join(fidelityDirectory ?? '', 'conformance', 'prompts', 'medication_qa.jsonl'),
        'utf8',
      )
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => JSON.parse(line) as { prompt: string; references: { text: string }[] });
      const read = await rows(
        join(fidelityDirectory ?? '', 'data', 'medication_qa', 'MedInfo2019-QA-Medications.xlsx'),
      );
      expect(read.map((item) => item.row)).toEqual(read.map((_, index) => index + 2));
      expect(read.map(({ record }) => ({ question: record.Question, answer: record.Answer }))).toEqual(
        vectors.map((vector) => ({
          // The prompt is "<instructions>\n\nQuestion: <question>\nAnswer:".
          question: /\n\nQuestion: ([\s\S]*)\nAnswer:$/.exec(vector.prompt)?.[1],
          answer: vector.references[0]?.text,
        })),
      );
    });
  },
);

describe('readXlsxRows errors', () => {
  const header = row(1, inline('A1', 'Question'), inline('B1', 'Answer'));

  it('names the file, sheet and cell of a value that is not a number', async () => {
    const path = await write(
      buildWorkbook([{ name: 'DrugQA', rows: header + row(2, n('A2', '1'), n('B2', '12abc')) }]),
    );
    const error = await failure(path);
    expect(error.location).toEqual({ file: path, row: 2, field: 'B2' });
    expect(error.message).toBe(
      `${path}, row 2, field "B2": sheet "DrugQA", cell B2: "12abc" is not a number.`,
    );
  });

  it('names a shared string index out of range, and one without a table', async () => {
    const withTable = await write(
      buildWorkbook([{ name: 'S', rows: header + row(2, s('A2', 5)) }], [si('x')]),
    );
    const error = await failure(withTable);
    expect(error.location).toMatchObject({ row: 2, field: 'A2' });
    expect(error.message).toContain('sheet "S", cell A2: "5" is not an index into the 1 shared strings.');
    const withoutTable = await write(
      buildWorkbook([{ name: 'S', rows: header + row(2, s('A2', 0)) }]),
      'b.xlsx',
    );
    expect((await failure(withoutTable)).message).toContain('the workbook has no shared strings table');
  });

  it('refuses rows and cells out of order (openpyxl would drop or misplace them)', async () => {
    const rowsOut = await write(
      buildWorkbook([{ name: 'S', rows: header + row(3, n('A3', '1')) + row(2, n('A2', '1')) }]),
    );
    expect((await failure(rowsOut)).message).toContain('sheet "S", row 2: row 2 comes after row 3');
    const cellsOut = await write(
      buildWorkbook([{ name: 'S', rows: header + row(2, n('B2', '1'), n('A2', '1')) }]),
      'c.xlsx',
    );
    const error = await failure(cellsOut);
    expect(error.location).toMatchObject({ row: 2, field: 'A2' });
  });

  it('refuses a file that is not a workbook', async () => {
    const noTypes = await write(buildZipArchive([{ name: 'word/document.xml', data: '<w/>' }]));
    expect((await failure(noTypes)).message).toContain(
      'Not an Excel workbook: the package has no [Content_Types].xml',
    );
    const notZip = join(scratch, 'plain.xlsx');
    await writeFile(notZip, 'Question,Answer\n');
    expect((await failure(notZip)).message).toContain('Not a ZIP archive');
  });

  it('names the part and line of malformed sheet XML', async () => {
    const path = await write(
      buildWorkbook([{ name: 'S', rows: `${header}<row r="2"><c r="A2"><v>1</v></row>` }]),
    );
    const error = await failure(path);
    expect(error.message).toContain('xl/worksheets/S.xml: malformed XML at line 2');
  });
});

describe('readPandasExcel', () => {
  it("infers each column's type over the sheet's values, as pandas.read_excel does", async () => {
    const path = await write(
      buildWorkbook([
        {
          name: 'Notes',
          rows:
            row(1, inline('A1', 'text'), inline('B1', 'label'), inline('C1', 'score'), inline('D1', 'code')) +
            row(2, inline('A2', 'first note'), n('B2', '1'), n('C2', '2'), inline('D2', '007')) +
            row(3, n('A3', '20451117'), n('C3', '2.5'), inline('D3', '12')) +
            row(4, inline('A4', 'NA'), n('B4', '0'), n('C4', '3'), inline('D4', ' 3 ')),
        },
      ]),
    );
    const frame = await readPandasExcel(path);
    expect(frame.columns).toEqual(['text', 'label', 'score', 'code']);
    expect(Object.fromEntries(frame.dtypes)).toEqual({
      text: 'object',
      label: 'float64',
      score: 'float64',
      code: 'int64',
    });
    const str = (name: string) => frame.rows.map((item) => pandasStr(item.cells.get(name) as PandasCell));
    // An empty cell makes label float (1.0, nan, 0.0); "NA" text is NaN; the int note stays an int.
    expect(str('text')).toEqual(['first note', '20451117', 'nan']);
    expect(str('label')).toEqual(['1.0', 'nan', '0.0']);
    expect(str('score')).toEqual(['2.0', '2.5', '3.0']);
    expect(str('code')).toEqual(['7', '12', '3']);
    expect(frame.rows.map((item) => item.row)).toEqual([2, 3, 4]);
  });
});
