import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatasetLoadError, type Instance } from '@medhelm/core';
import { createSampleLoadContext } from '@medhelm/testing';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createN2c2CtMatchingDataset,
  N2C2_CT_MATCHING_CRITERIA,
  type N2c2Criterion,
  n2c2NoteDate,
} from './n2c2-ct-matching-dataset.ts';

async function load(
  subject: N2c2Criterion,
  options: { dataDirectory?: string; warnings?: string[] } = {},
): Promise<Instance[]> {
  const context = {
    ...createSampleLoadContext(
      options.dataDirectory === undefined ? {} : { dataDirectory: options.dataDirectory },
    ),
    warn: (message: string) => options.warnings?.push(message),
  };
  const instances: Instance[] = [];
  for await (const instance of createN2c2CtMatchingDataset(subject).load(context)) instances.push(instance);
  return instances;
}

async function loadError(subject: N2c2Criterion, dataDirectory: string): Promise<DatasetLoadError> {
  const error = await load(subject, { dataDirectory }).then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(DatasetLoadError);
  return error as DatasetLoadError;
}

const correct = (instance: Instance | undefined) =>
  instance?.references.find((reference) => reference.tags.includes('correct'))?.output.text;

const scratch: string[] = [];
afterEach(() => {
  for (const directory of scratch.splice(0)) rmSync(directory, { recursive: true, force: true });
});

/** A data folder with `test/<name>` files. */
function dataFolder(files: Record<string, string>): string {
  const directory = mkdtempSync(join(tmpdir(), 'n2c2-data-'));
  scratch.push(directory);
  mkdirSync(join(directory, 'test'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(directory, 'test', name), text);
  return directory;
}

const ALL_NOT_MET = N2C2_CT_MATCHING_CRITERIA.map((criterion) => `<${criterion} met="not met" />`).join('\n');

describe('the bundled n2c2 fixtures, read as HELM reads them', () => {
  it('give one instance per test file, in sorted file-name order, references yes then no', async () => {
    const instances = await load('CREATININE');
    // 10.xml, 2.xml, 300.xml, 7.xml (code point order: "1" < "2" < "3" < "7").
    expect(instances.map(correct)).toEqual(['no', 'yes', 'yes', 'no']);
    expect(
      instances.map((instance) => instance.references.map((reference) => reference.output.text)),
    ).toEqual([
      ['yes', 'no'],
      ['yes', 'no'],
      ['yes', 'no'],
      ['yes', 'no'],
    ]);
    expect((await load('ADVANCED-CAD')).map(correct)).toEqual(['yes', 'no', 'no', 'no']);
  });

  it("render HELM's indented prompt: no date gives an empty Date and the current date None", async () => {
    const [, , , last] = await load('ABDOMINAL');
    const rule = '-'.repeat(100);
    expect(last?.input.text).toBe(
      [
        '',
        '    # Task',
        '    Your job is to decide whether the given patient meets the inclusion criterion for a clinical trial.',
        '',
        '    # Inclusion Criterion',
        '    The inclusion criterion being assessed is: "ABDOMINAL".',
        '    The definition of the inclusion criterion is: "History of intra-abdominal surgery. This could include any form of intra-abdominal surgery,     including but not limited to small/large intestine resection or small bowel obstruction".',
        '',
        '    # Patient Clinical Notes',
        "    Below is a set of 1 clinical notes describing the patient's current health status.     Each note is separated by a header with the date that the note was written, as well as a long list of asterisks.",
        '',
        `    ${rule}`,
        '',
        '    ## Note #1',
        'Date: ',
        'FICTIONAL NOTE written for @medhelm/benchmark-n2c2-ct-matching tests; no real patient.',
        '',
        'Fictional patient Zeta. No dates anywhere in this record.',
        '',
        `    ${rule}`,
        '',
        '    # Current Date',
        '    Assume that the current date is: None',
        '',
        '    # Question',
        '    Does the patient meet the inclusion criterion "ABDOMINAL"?',
        '    ',
      ].join('\n'),
    );
  });

  it('take the current date from the last note that has one, and join notes with 50 asterisks', async () => {
    const [first] = await load('ABDOMINAL');
    expect(first?.input.text).toContain(
      `LABS: creatinine 0.9 mg/dL.\n\n    ${'-'.repeat(100)}\n\n    # Current Date\n    Assume that the current date is: 2089-02-11\n`,
    );
    expect(first?.input.text).toContain(
      `on metoprolol and isosorbide.\n${'*'.repeat(50)}\n\n## Note #2\nDate: \nFICTIONAL NOTE`,
    );
    expect(first?.input.text).toContain('## Note #3\nDate: 2089-02-11\nRecord date: 2089-02-11\n');
  });

  it('replace three newlines by one (four become two), and unescape entities outside CDATA', async () => {
    const [, second, third] = await load('ABDOMINAL');
    expect(second?.input.text).toContain(
      'Status post appendectomy (2071).\n\nMEDICATIONS: aspirin 81 mg daily',
    );
    expect(third?.input.text).toContain('creatinine 2.3 mg/dL & rising; ratio <1 noted.');
    // The empty part between two separators is dropped: two notes, not three.
    expect(third?.input.text).toContain('Below is a set of 2 clinical notes');
    expect(third?.input.text).toContain('## Note #2\nDate: 2094-01-01\n');
  });

  it('normalise CRLF line ends, as the XML parser does', async () => {
    const instances = await load('ENGLISH');
    expect(instances.some((instance) => instance.input.text.includes('\r'))).toBe(false);
    expect(correct(instances[3])).toBe('yes');
  });
});

describe("n2c2 note dates, as HELM's regular expression finds them", () => {
  it('take the first "Record date: YYYY-MM-DD", with any Unicode decimal digits (Python\'s \\d)', () => {
    expect(n2c2NoteDate('Record date: 2090-01-15\nRecord date: 2091-01-01')).toBe('2090-01-15');
    expect(n2c2NoteDate('Record date: \u0662\u0660\u0669\u0660-\u0660\u0661-\u0661\u0665')).toBe(
      '\u0662\u0660\u0669\u0660-\u0660\u0661-\u0661\u0665',
    );
    expect(n2c2NoteDate('Record date: 2090-1-15')).toBeNull();
    expect(n2c2NoteDate('record date: 2090-01-15')).toBeNull();
  });
});

describe('n2c2 data HELM stops on, or reads differently', () => {
  it('names the file and the criterion when a patient lacks its tag (HELM: KeyError)', async () => {
    const data = dataFolder({
      '1.xml': '<PatientMatching><TEXT>note</TEXT><TAGS><ABDOMINAL met="met"/></TAGS></PatientMatching>',
    });
    const error = await loadError('CREATININE', data);
    expect(error.message).toBe(
      `${join(data, 'test', '1.xml')}, field "CREATININE": The patient has no <CREATININE> tag in <TAGS>, so whether it meets the criterion is unknown (HELM stops with a KeyError).`,
    );
  });

  it('reads a tag without met="met" as not met, and a record without TEXT as no notes', async () => {
    const data = dataFolder({
      '1.xml': `<PatientMatching><TAGS>${ALL_NOT_MET}<ABDOMINAL/></TAGS></PatientMatching>`,
    });
    const [instance] = await load('ABDOMINAL', { dataDirectory: data });
    expect(correct(instance)).toBe('no');
    expect(instance?.input.text).toContain('Below is a set of 0 clinical notes');
    expect(instance?.input.text).toContain('Assume that the current date is: None\n');
  });

  it('names the line of malformed XML', async () => {
    const data = dataFolder({ '1.xml': '<PatientMatching>\n<TEXT>note</TXT>\n</PatientMatching>' });
    const error = await loadError('ABDOMINAL', data);
    expect(error.message).toContain(join(data, 'test', '1.xml'));
    expect(error.message).toContain('malformed XML at line 2');
  });

  it('refuses a test folder without .xml files', async () => {
    const data = dataFolder({ 'notes.txt': 'not a patient' });
    const error = await loadError('ABDOMINAL', data);
    expect(error.message).toContain('The folder holds no .xml patient file.');
  });

  it('skips, with a warning, a folder named like a patient file (HELM stops on it)', async () => {
    const data = dataFolder({
      '1.xml': `<PatientMatching><TEXT>note</TEXT><TAGS>${ALL_NOT_MET}</TAGS></PatientMatching>`,
    });
    mkdirSync(join(data, 'test', '2.xml'));
    const warnings: string[] = [];
    expect(await load('ABDOMINAL', { dataDirectory: data, warnings })).toHaveLength(1);
    expect(warnings).toEqual([
      `n2c2_ct_matching: skipped ${join(data, 'test', '2.xml')}, which is not a file (HELM stops on it).`,
    ]);
  });
});
