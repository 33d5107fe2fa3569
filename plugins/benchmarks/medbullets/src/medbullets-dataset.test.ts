import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatasetLoadError, type Instance } from '@medhelm/core';
import { createFileResolver } from '@medhelm/datasets';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMedbulletsDataset, MEDBULLETS_FILE } from './medbullets-dataset.ts';
import { isSkippedByHelm, medbulletsInstance, medbulletsRowSchema } from './medbullets-instance.ts';

const dataset = createMedbulletsDataset();
const HEADER = 'link,question,opa,opb,opc,opd,ope,answer_idx,answer,explanation';

async function loadFrom(
  resolveFile: (file: typeof MEDBULLETS_FILE) => Promise<string>,
  warnings: string[] = [],
): Promise<Instance[]> {
  const instances: Instance[] = [];
  for await (const instance of dataset.load({ resolveFile, warn: (message) => warnings.push(message) })) {
    instances.push(instance);
  }
  return instances;
}

/** The five references of a question, the one at `correct` (0-4) tagged correct. */
function options(texts: string[], correct: number) {
  return texts.map((text, index) => ({ output: { text }, tags: index === correct ? ['correct'] : [] }));
}

describe('medbulletsInstance', () => {
  it('builds the input from the question as is and five references A-E, answer_idx correct', () => {
    const row = medbulletsRowSchema.parse({
      link: 'ignored',
      question: '  A question\nover two lines ',
      opa: 'one',
      opb: 'two',
      opc: '',
      opd: 'four',
      ope: 'five',
      answer_idx: 'D',
      answer: 'ignored',
      explanation: 'ignored',
    });
    expect(medbulletsInstance(row)).toEqual({
      input: { text: '  A question\nover two lines ' },
      references: options(['one', 'two', '', 'four', 'five'], 3),
      split: 'test',
    });
  });

  it('gives "Not applicable" for an option column the header lacks, as HELM\'s row.get default', () => {
    // medbullets_op4.csv has no `ope` column.
    const row = medbulletsRowSchema.parse({
      question: 'q',
      opa: 'w',
      opb: 'x',
      opc: 'y',
      opd: 'z',
      answer_idx: 'B',
    });
    expect(medbulletsInstance(row).references).toEqual(options(['w', 'x', 'y', 'z', 'Not applicable'], 1));
  });
});

describe('isSkippedByHelm', () => {
  const row = { question: 'q', answer_idx: 'A', opa: 'a' };
  it('skips a row whose question, answer_idx or opa is empty', () => {
    expect(isSkippedByHelm(row)).toBe(false);
    expect(isSkippedByHelm({ ...row, question: '' })).toBe(true);
    expect(isSkippedByHelm({ ...row, answer_idx: '' })).toBe(true);
    expect(isSkippedByHelm({ ...row, opa: '' })).toBe(true);
  });
  it('keeps whitespace-only cells (Python truthiness, no strip)', () => {
    expect(isSkippedByHelm({ question: ' ', answer_idx: 'A', opa: '\n' })).toBe(false);
  });
});

describe('the bundled fixture', () => {
  it('is resolved next to the package from src/ (and so from dist/)', () => {
    expect(MEDBULLETS_FILE.samplePath).toBe(join(import.meta.dirname, '..', 'data', 'medbullets_op5.csv'));
  });

  it('loads to the six instances HELM builds from its nine rows', async () => {
    const warnings: string[] = [];
    const instances = await loadFrom(async () => MEDBULLETS_FILE.samplePath ?? '', warnings);
    const sore =
      '[Invented fixture] A 30-year-old man has a sore throat, fever, and tender anterior cervical nodes. Which of the following is the most appropriate next step?';
    const soreOptions = options(
      [
        'Rapid antigen detection test',
        'Chest radiograph',
        'Throat culture for viruses',
        'Monospot test',
        'Reassurance only',
      ],
      0,
    );
    expect(instances).toEqual([
      // Row 1: quoted question with commas.
      { input: { text: sore }, references: soreOptions, split: 'test' },
      // Row 2: multi-line quoted question, LF kept; UTF-8 apostrophe.
      {
        input: {
          text: '[Invented fixture] A 50-year-old woman has fatigue. The patient\u2019s laboratory studies show:\n\nHemoglobin: 9 g/dL\nMean corpuscular volume: 70 fL\n\nWhich of the following is the most likely cause?',
        },
        references: options(
          ['Vitamin B12 deficiency', 'Folate deficiency', 'Iron deficiency', 'Hemolysis', 'Aplastic anemia'],
          2,
        ),
        split: 'test',
      },
      // Row 3 (empty answer_idx) skipped. Row 4: quoted option with "" and a comma.
      {
        input: { text: '[Invented fixture] What is the next step for this patient with mild asthma?' },
        references: options(
          [
            'Start oral corticosteroids',
            'Give a "rescue" inhaler dose, then observe',
            'Intubate',
            'Order a chest CT',
            'Prescribe an as-needed short-acting beta-agonist',
          ],
          4,
        ),
        split: 'test',
      },
      // Row 5: empty `ope` cell gives an empty option E.
      {
        input: { text: '[Invented fixture] Which vaccine is given at birth?' },
        references: options(
          ['Measles vaccine', 'Hepatitis B vaccine', 'Varicella vaccine', 'Zoster vaccine', ''],
          1,
        ),
        split: 'test',
      },
      // Rows 6 (empty opa) and 7 (empty question) skipped. Row 8: the CRLF inside the quoted
      // question reads as LF (text mode).
      {
        input: {
          text: '[Invented fixture] A 65-year-old man has chest pain at rest.\nWhich of the following is the best initial test?',
        },
        references: options(
          ['Coronary angiography', 'Stress echocardiography', 'Chest CT', 'Electrocardiogram', 'Cardiac MRI'],
          3,
        ),
        split: 'test',
      },
      // Row 9 repeats row 1's question: HELM does not deduplicate.
      { input: { text: sore }, references: soreOptions, split: 'test' },
    ]);
    // Rows 3, 6 and 7 start on lines 15, 27 and 31 (as Python's csv reader counts them): rows 1-2
    // span lines 2-14, since each explanation holds 3 line breaks and row 2's question 5.
    expect(warnings).toEqual([
      `${MEDBULLETS_FILE.samplePath}: skipped 3 row(s) with an empty question, answer_idx or opa, as HELM does (line 15, 27, 31).`,
    ]);
  });
});

describe('medbullets data read from a data directory', () => {
  let scratch: string;
  beforeEach(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'medhelm-medbullets-'));
  });
  afterEach(async () => {
    await rm(scratch, { recursive: true, force: true });
  });

  const resolveFile = () =>
    createFileResolver({ benchmarkId: 'medbullets', source: { kind: 'directory', path: scratch } });

  async function write(text: string): Promise<string> {
    const file = join(scratch, 'medbullets_op5.csv');
    await writeFile(file, text);
    return file;
  }

  async function failure(text: string): Promise<{ error: DatasetLoadError; file: string }> {
    const file = await write(text);
    const error = await loadFrom(resolveFile()).then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(DatasetLoadError);
    return { error: error as DatasetLoadError, file };
  }

  it('reads <dir>/medbullets_op5.csv; a lone CR inside a quoted field is a line break too', async () => {
    await write(`${HEADER}\r\nl,"Line one\rline two",a,b,c,d,e,E,e,x\r\n`);
    const instances = await loadFrom(resolveFile());
    expect(instances).toEqual([
      {
        input: { text: 'Line one\nline two' },
        references: options(['a', 'b', 'c', 'd', 'e'], 4),
        split: 'test',
      },
    ]);
  });

  it('skips a row with an empty question even when its answer_idx is not a letter', async () => {
    await write(`${HEADER}\r\nl,,a,b,c,d,e,Z,e,x\r\nl,q,a,b,c,d,e,A,a,x\r\n`);
    const instances = await loadFrom(resolveFile());
    expect(instances.map((instance) => instance.input.text)).toEqual(['q']);
  });

  it('names the file, line, row and field of an answer_idx that is not a letter A-E', async () => {
    const { error, file } = await failure(
      `${HEADER}\r\nl,"q1\nmore",a,b,c,d,e,A,a,x\r\nl,q2,a,b,c,d,e,F,a,x\r\n`,
    );
    expect(error.location).toEqual({ file, line: 4, row: 2, field: 'answer_idx' });
    expect(error.message).toContain(`${file}, line 4, row 2, field "answer_idx"`);
    expect(error.message).toContain('expected one of A, B, C, D, E');
    expect(error.message).toContain('(got "F")');
  });

  it('rejects a lower-case answer_idx (HELM compares letters exactly)', async () => {
    const { error } = await failure(`${HEADER}\r\nl,q,a,b,c,d,e,a,a,x\r\n`);
    expect(error.location).toMatchObject({ line: 2, row: 1, field: 'answer_idx' });
  });

  it('names a question column missing from the header', async () => {
    const { error, file } = await failure('link,text,opa,opb,opc,opd,ope,answer_idx\r\nl,q,a,b,c,d,e,A\r\n');
    expect(error.location).toEqual({ file, line: 2, row: 1, field: 'question' });
  });

  it('rejects a row with a missing field, naming its line and row', async () => {
    const { error, file } = await failure(`${HEADER}\r\nl,q,a,b,c,d,e,A,a,x\r\nl,q,a,b\r\n`);
    expect(error.location).toEqual({ file, line: 3, row: 2 });
    expect(error.message).toContain('Expected 10 fields');
  });

  it('rejects an unterminated quoted field, naming its line', async () => {
    const { error } = await failure(`${HEADER}\r\nl,q,a,b,c,d,e,A,a,x\r\nl,"q,a,b,c,d,e,A,a,x\r\n`);
    expect(error.location).toMatchObject({ line: 3, row: 2 });
  });
});
