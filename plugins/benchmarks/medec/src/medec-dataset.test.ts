import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatasetLoadError, type Instance } from '@medhelm/core';
import { createFileResolver, readCsvRecords } from '@medhelm/datasets';
import { findFidelityDirectory } from '@medhelm/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMedecDataset, MEDEC_FILE } from './medec-dataset.ts';
import { medecInstance, medecRowSchema } from './medec-instance.ts';

const fidelityDirectory = findFidelityDirectory(['data/medec']);
const dataset = createMedecDataset();
const samplePath = MEDEC_FILE.samplePath ?? '';
const HEADER =
  'Text ID,Text,Sentences,Error Flag,Error Type,Error Sentence ID,Error Sentence,Corrected Sentence,Corrected Text';

async function loadFrom(directory: string): Promise<Instance[]> {
  const instances: Instance[] = [];
  const resolveFile = createFileResolver({
    benchmarkId: 'medec',
    source: { kind: 'directory', path: directory },
  });
  for await (const instance of dataset.load({ resolveFile })) instances.push(instance);
  return instances;
}

/** A row as the schema receives it from the CSV reader. */
function row(fields: Partial<Record<string, string>>) {
  return medecRowSchema.parse({
    'Text ID': 'ms-test-0',
    Text: 'ignored',
    Sentences: '0 A note.\n1 Another sentence.\n',
    'Error Flag': '0',
    'Error Type': 'NA',
    'Error Sentence ID': '-1',
    'Error Sentence': 'NA',
    'Corrected Sentence': 'NA',
    'Corrected Text': 'NA',
    ...fields,
  });
}

describe('medecInstance', () => {
  it('builds the stripped input and the CORRECT reference of a note without error', () => {
    expect(medecInstance(row({ Sentences: '\n 0 A note.\n1 Another sentence.\n' }))).toEqual({
      input: { text: '0 A note.\n1 Another sentence.' },
      references: [{ output: { text: 'CORRECT' }, tags: ['correct'] }],
      split: 'test',
    });
  });

  it('builds "<id> <corrected sentence>", both stripped, for a flagged error', () => {
    const instance = medecInstance(
      row({ 'Error Flag': '1', 'Error Sentence ID': ' 1 ', 'Corrected Sentence': 'A fixed sentence.\n' }),
    );
    expect(instance.references).toEqual([{ output: { text: '1 A fixed sentence.' }, tags: ['correct'] }]);
  });

  it('reads the flag with Python int(): surrounding whitespace and a sign are fine', () => {
    const instance = medecInstance(
      row({ 'Error Flag': ' +1 ', 'Error Sentence ID': '0', 'Corrected Sentence': 'Fixed.' }),
    );
    expect(instance.references[0]?.output.text).toBe('0 Fixed.');
  });

  it('says CORRECT when the flag is not 1, the correction is NA or the id is -1', () => {
    const flagged = { 'Error Flag': '1', 'Error Sentence ID': '1', 'Corrected Sentence': 'Fixed.' };
    for (const fields of [
      { ...flagged, 'Error Flag': '0' },
      { ...flagged, 'Error Flag': '2' },
      { ...flagged, 'Corrected Sentence': ' NA ' },
      { ...flagged, 'Error Sentence ID': '-1' },
    ]) {
      expect(medecInstance(row(fields)).references[0]?.output.text).toBe('CORRECT');
    }
  });

  it('compares with "NA" and "-1" as strings, as HELM does', () => {
    // "na" is not "NA", and "-01" is not "-1": HELM builds a reference from them.
    expect(
      medecInstance(row({ 'Error Flag': '1', 'Error Sentence ID': '-01', 'Corrected Sentence': 'na' }))
        .references[0]?.output.text,
    ).toBe('-01 na');
  });
});

describe('loading medec', () => {
  it('skips the blank rows of the bundled sample and keeps file order', async () => {
    let rows = 0;
    for await (const _ of readCsvRecords(samplePath)) rows += 1;
    const instances: Instance[] = [];
    for await (const instance of dataset.load({ resolveFile: async () => samplePath }))
      instances.push(instance);
    expect(rows).toBe(23);
    expect(instances).toHaveLength(21);
    expect(instances.filter((instance) => instance.references[0]?.output.text === 'CORRECT')).toHaveLength(
      10,
    );
    // CRLF inside the quoted cell reads as "\n" (Python text mode), and the final one is stripped.
    expect(instances[1]?.input.text).toBe(
      [
        '0 A 2-year-old male presents to the emergency department for fatigue and lethargy.',
        '1 Upon presentation, the patient is found to be severely dehydrated.',
        "2 The patient's mother says that he has been having non-bloody diarrhea for a day.",
        '3 She also says that the patient has not received any vaccinations after 6 months and currently attends a daycare center.',
        '4 Norovirus is suspected.',
        '5 The responsible microbe is isolated and its structure is analyzed.',
      ].join('\n'),
    );
    // ms-test-104's Corrected Sentence ends in a line break upstream; HELM strips it.
    expect(instances[20]?.references[0]?.output.text).toMatch(
      /^8 Patient is diagnosed with Gitelman's .*below:$/,
    );
  });

  it.skipIf(fidelityDirectory === undefined)(
    'finds the file under its upstream folder in a --data-dir, flat or per benchmark',
    async () => {
      const perBenchmark = await loadFrom(join(fidelityDirectory ?? '', 'data'));
      const flat = await loadFrom(join(fidelityDirectory ?? '', 'data', 'medec'));
      expect(flat).toHaveLength(123);
      expect(perBenchmark).toEqual(flat);
    },
  );
});

describe('the bundled sample', () => {
  it('is resolved next to the package from src/ (and so from dist/)', () => {
    expect(samplePath).toBe(
      join(
        import.meta.dirname,
        '..',
        'data',
        'MEDEC-MS',
        'MEDEC-MS-TestSet-with-GroundTruth-and-ErrorType.csv',
      ),
    );
  });

  it.skipIf(fidelityDirectory === undefined)(
    'is the first 21 notes and the last 2 blank rows of the shared sample, byte for byte',
    () => {
      const sample = readFileSync(samplePath);
      const shared = readFileSync(join(fidelityDirectory ?? '', 'data', 'medec', MEDEC_FILE.name));
      const blankRows = Buffer.from(',,,,,,,,\r\n,,,,,,,,\r\n');
      const notes = sample.subarray(0, sample.length - blankRows.length);
      expect(shared.subarray(0, notes.length).equals(notes)).toBe(true);
      // The cut ends where the shared file's 22nd note begins.
      expect(shared.subarray(notes.length, notes.length + 8).toString()).toBe('ms-test-');
      expect(sample.subarray(notes.length).equals(blankRows)).toBe(true);
      expect(shared.subarray(shared.length - blankRows.length).equals(blankRows)).toBe(true);
    },
  );
});

describe('malformed medec data', () => {
  let scratch: string;
  beforeEach(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'medhelm-medec-'));
    await mkdir(join(scratch, 'MEDEC-MS'));
  });
  afterEach(async () => {
    await rm(scratch, { recursive: true, force: true });
  });

  const file = () => join(scratch, MEDEC_FILE.name);

  async function failure(text: string): Promise<DatasetLoadError> {
    await writeFile(file(), text);
    const error = await loadFrom(scratch).then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(DatasetLoadError);
    return error as DatasetLoadError;
  }

  it('names the file, line, row and column of an Error Flag Python cannot read as an int', async () => {
    const error = await failure(
      `${HEADER}\r\nms-test-1,t,"0 A.\r\n1 B.\r\n",0,NA,-1,NA,NA,NA\r\nms-test-2,t,"0 C.\r\n",yes,NA,-1,NA,NA,NA\r\n`,
    );
    expect(error.location).toEqual({ file: file(), line: 5, row: 2, field: 'Error Flag' });
    expect(error.message).toContain(
      `${file()}, line 5, row 2, field "Error Flag": expected an integer (Python int()) (got "yes")`,
    );
  });

  it('does not read the other cells of a row without Sentences, as HELM does', async () => {
    await writeFile(file(), `${HEADER}\r\n,,,yes,,,,,\r\nms-test-1,t,0 A.,0,NA,-1,NA,NA,NA\r\n`);
    const instances = await loadFrom(scratch);
    expect(instances.map((instance) => instance.input.text)).toEqual(['0 A.']);
  });

  it('keeps a row whose Sentences is only whitespace (HELM skips only an empty cell)', async () => {
    await writeFile(file(), `${HEADER}\r\nms-test-1,t," ",0,NA,-1,NA,NA,NA\r\n`);
    const instances = await loadFrom(scratch);
    expect(instances.map((instance) => instance.input.text)).toEqual(['']);
  });

  it('names a column missing from the header', async () => {
    const error = await failure(
      `${HEADER.replace('Error Sentence ID', 'Sentence ID')}\r\nms-test-1,t,0 A.,0,NA,-1,NA,NA,NA\r\n`,
    );
    expect(error.location).toMatchObject({ file: file(), line: 2, row: 1, field: 'Error Sentence ID' });
  });

  it('rejects a row with a missing field', async () => {
    const error = await failure(`${HEADER}\r\nms-test-1,t,0 A.,0,NA,-1,NA,NA,NA\r\nms-test-2,t,0 B.,0\r\n`);
    expect(error.location).toMatchObject({ file: file(), line: 3, row: 2 });
    expect(error.message).toContain('Expected 9 fields');
  });

  it('says where to get the file when the data directory lacks it', async () => {
    const error = await loadFrom(join(scratch, 'MEDEC-MS')).then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(DatasetLoadError);
    expect((error as DatasetLoadError).message).toContain(MEDEC_FILE.name);
    expect((error as DatasetLoadError).hint).toContain(MEDEC_FILE.url);
  });
});
