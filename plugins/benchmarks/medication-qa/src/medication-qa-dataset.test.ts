import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatasetLoadError, type Instance } from '@medhelm/core';
import { createFileResolver, readXlsxRows } from '@medhelm/datasets';
import { buildZipArchive, findFidelityDirectory } from '@medhelm/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMedicationQaDataset, MEDICATION_QA_FILE } from './medication-qa-dataset.ts';
import { medicationQaInstance } from './medication-qa-instance.ts';

const fidelityDirectory = findFidelityDirectory(['data/medication_qa']);
const dataset = createMedicationQaDataset();
const FILE_NAME = 'MedInfo2019-QA-Medications.xlsx';

async function loadFrom(directory: string): Promise<Instance[]> {
  const instances: Instance[] = [];
  const resolveFile = createFileResolver({
    benchmarkId: 'medication_qa',
    source: { kind: 'directory', path: directory },
  });
  for await (const instance of dataset.load({ resolveFile })) instances.push(instance);
  return instances;
}

describe('medicationQaInstance', () => {
  it('uses the question as input and the answer as the one correct reference, unstripped', () => {
    expect(medicationQaInstance({ Question: ' why? ', Answer: 'Because.\n' })).toEqual({
      input: { text: ' why? ' },
      references: [{ output: { text: 'Because.\n' }, tags: ['correct'] }],
      split: 'test',
    });
  });
});

describe('the bundled fixture', () => {
  it('is resolved next to the package from src/ (and so from dist/)', () => {
    expect(MEDICATION_QA_FILE.samplePath).toBe(join(import.meta.dirname, '..', 'data', FILE_NAME));
  });

  it('loads as HELM reads it: the "n/a" answer row dropped, no strip, no dedup', async () => {
    const instances = await loadFrom(join(import.meta.dirname, '..', 'data'));
    // 12 invented rows; row 7's Answer is "n/a", which pandas reads as NaN, so HELM drops it.
    expect(instances).toHaveLength(11);
    const questions = instances.map((instance) => instance.input.text);
    expect(questions.some((question) => question.includes('brandimol'))).toBe(false);
    expect(questions.every((question) => question.startsWith('[Invented fixture] '))).toBe(true);
    // The same question twice, with different answers: both are instances.
    const alcohol = '[Invented fixture] can i drink alcohol while taking placebonol';
    expect(questions.filter((question) => question === alcohol)).toHaveLength(2);
    // Trailing spaces are kept.
    expect(questions).toContain('[Invented fixture] what color is the sampleprofen 200 mg pill  ');
    const answers = instances.map((instance) => instance.references[0]?.output.text);
    // A rich text cell (a bold run, then a plain one) reads as its runs joined.
    expect(answers).toContain(
      'Store at room temperature away from light & moisture. Keep out of reach of children.',
    );
    expect(answers).toContain('No answers');
    expect(answers[1]).toBe(
      'Fictomab is used to treat made-up conditions in this test file.\nIt is given as an injection under the skin once a month.',
    );
  });

  it.skipIf(fidelityDirectory === undefined)("has the shared sample's sheet and columns", async () => {
    const firstRow = async (path: string) => {
      for await (const row of readXlsxRows(path)) return row;
      return undefined;
    };
    const fixture = await firstRow(MEDICATION_QA_FILE.samplePath ?? '');
    const shared = await firstRow(join(fidelityDirectory ?? '', 'data', 'medication_qa', FILE_NAME));
    expect(fixture?.sheet).toBe('DrugQA');
    expect(fixture?.sheet).toBe(shared?.sheet);
    expect(Object.keys(fixture?.record ?? {})).toEqual(Object.keys(shared?.record ?? {}));
  });
});

describe('malformed medication_qa data', () => {
  let scratch: string;
  beforeEach(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'medhelm-medication-qa-'));
  });
  afterEach(async () => {
    await rm(scratch, { recursive: true, force: true });
  });

  type Cell = string | number | null;
  /** A one-sheet workbook with inline strings and numbers, as openpyxl writes one. */
  function workbook(rows: Cell[][]): Buffer {
    const main = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
    const rel = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
    const escapeXml = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;');
    const sheetRows = rows
      .map(
        (cells, index) =>
          `<row r="${index + 1}">${cells
            .map((cell, column) => {
              const ref = `${String.fromCharCode(65 + column)}${index + 1}`;
              if (cell === null) return '';
              if (typeof cell === 'number') return `<c r="${ref}" t="n"><v>${cell}</v></c>`;
              return `<c r="${ref}" t="inlineStr"><is><t>${escapeXml(cell)}</t></is></c>`;
            })
            .join('')}</row>`,
      )
      .join('');
    return buildZipArchive([
      {
        name: '[Content_Types].xml',
        data: `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
      },
      {
        name: 'xl/workbook.xml',
        data: `<workbook xmlns="${main}"><sheets><sheet xmlns:r="${rel}" name="DrugQA" sheetId="1" state="visible" r:id="rId1"/></sheets></workbook>`,
      },
      {
        name: 'xl/_rels/workbook.xml.rels',
        data: `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Type="${rel}/worksheet" Target="/xl/worksheets/sheet1.xml" Id="rId1"/></Relationships>`,
      },
      {
        name: 'xl/worksheets/sheet1.xml',
        data: `<worksheet xmlns="${main}"><sheetData>${sheetRows}</sheetData></worksheet>`,
      },
    ]);
  }

  const header: Cell[] = ['Question', 'Focus (Drug)', 'Question Type', 'Answer', 'Section Title', 'URL'];
  const good: Cell[] = ['q?', 'drug', 'Dose', 'a.', 'S', 'https://example.invalid/1'];

  async function write(rows: Cell[][]): Promise<string> {
    const path = join(scratch, FILE_NAME);
    await writeFile(path, workbook(rows));
    return path;
  }

  async function failure(rows: Cell[][]): Promise<DatasetLoadError> {
    await write(rows);
    const error = await loadFrom(scratch).then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(DatasetLoadError);
    return error as DatasetLoadError;
  }

  it('drops rows whose Answer is empty or a pandas NA string, and keeps the rest in sheet order', async () => {
    await write([
      header,
      good,
      ['q2?', 'd', 'T', null, 'S', 'u'],
      ['q3?', 'd', 'T', 'NA', 'S', 'u'],
      ['q4?', 'd', 'T', 'None', 'S', 'u'],
      ['q5?', 'd', 'T', 'na', 'S', 'u'],
    ]);
    expect((await loadFrom(scratch)).map((instance) => instance.input.text)).toEqual(['q?', 'q5?']);
  });

  it('names the file, row and column of an empty question', async () => {
    const error = await failure([header, good, [null, 'd', 'T', 'an answer', 'S', 'u']]);
    const file = join(scratch, FILE_NAME);
    expect(error.location).toEqual({ file, row: 3, field: 'Question' });
    expect(error.message).toContain(`${file}, row 3, field "Question": empty cell (pandas reads it as NaN`);
  });

  it('names an answer that is a number', async () => {
    const error = await failure([header, good, good, ['q?', 'd', 'T', 42, 'S', 'u']]);
    expect(error.location).toMatchObject({ row: 4, field: 'Answer' });
    expect(error.message).toContain('expected text, got number');
  });

  it('names a missing Answer column', async () => {
    const error = await failure([
      ['Question', 'Reply'],
      ['q?', 'a.'],
    ]);
    expect(error.location).toMatchObject({ row: 1, field: 'Answer' });
    expect(error.message).toContain('no "Answer" column (its columns: Question, Reply)');
  });

  it('names a file that is not a workbook', async () => {
    await writeFile(join(scratch, FILE_NAME), 'Question,Answer\nq?,a.\n');
    const error = await loadFrom(scratch).then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(DatasetLoadError);
    expect((error as DatasetLoadError).location?.file).toBe(join(scratch, FILE_NAME));
  });
});
