import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatasetLoadError, type Instance } from '@medhelm/core';
import { createSampleLoadContext, findFidelityDirectory } from '@medhelm/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createStarrPatientInstructionsDataset,
  STARR_PATIENT_INSTRUCTIONS_FILE,
  STARR_PATIENT_INSTRUCTIONS_OBTAIN,
  starrPatientInstructionsInstance,
} from './starr-patient-instructions-dataset.ts';

const packageDirectory = join(import.meta.dirname, '..');
const fixture = join(packageDirectory, 'data', 'dataset_cases_qc.csv');
const fidelityDirectory = findFidelityDirectory(['data/starr_patient_instructions']);

async function load(dataDirectory?: string): Promise<Instance[]> {
  const instances: Instance[] = [];
  const context = createSampleLoadContext(dataDirectory === undefined ? {} : { dataDirectory });
  for await (const instance of createStarrPatientInstructionsDataset().load(context))
    instances.push(instance);
  return instances;
}

const CASE = {
  QC: 'TRUE',
  Diagnosis: 'd',
  ActualProcedure: 'p',
  HistoryPhysicalNoteText: 'h',
  OperativeNoteText: 'o',
  DischargeInstructionNoteText: 'i',
};

describe('the starr_patient_instructions file', () => {
  it("is the leaderboard's file name, private (no download), the bundled copy a synthetic fixture", () => {
    expect(STARR_PATIENT_INSTRUCTIONS_FILE).toEqual({ name: 'dataset_cases_qc.csv', samplePath: fixture });
    const dataset = createStarrPatientInstructionsDataset();
    expect(dataset.access).toBe('private');
    expect(dataset.obtain).toBe(STARR_PATIENT_INSTRUCTIONS_OBTAIN);
    expect(STARR_PATIENT_INSTRUCTIONS_OBTAIN).toContain('HistoryPhysicalNoteText');
  });
});

describe("HELM's QC and completeness filter", () => {
  it('keeps a row whose QC is TRUE in any case and padding, with all five texts', () => {
    for (const QC of ['TRUE', ' true ', 'True', '\tTrUe\n']) {
      expect(starrPatientInstructionsInstance({ ...CASE, QC }), QC).toBeDefined();
    }
    for (const QC of ['FALSE', '', 'N', 'yes', 'TRUE.', '1']) {
      expect(starrPatientInstructionsInstance({ ...CASE, QC }), QC).toBeUndefined();
    }
  });

  it('drops a row with any text empty after stripping (Python whitespace: NBSP and U+2028 too)', () => {
    expect(starrPatientInstructionsInstance({ ...CASE, Diagnosis: ' \u00a0\u2028 ' })).toBeUndefined();
    expect(starrPatientInstructionsInstance({ ...CASE, DischargeInstructionNoteText: '' })).toBeUndefined();
    // U+200B is not whitespace to Python: the diagnosis is kept as it is.
    expect(starrPatientInstructionsInstance({ ...CASE, Diagnosis: '\u200b' })?.input.text).toContain(
      'Diagnosis: \u200b\n',
    );
  });
});

describe('the bundled synthetic fixture', () => {
  it('gives the three rows that pass the filter, stripped, as HELM lays out the case', async () => {
    const instances = await load();
    expect(instances).toHaveLength(3);
    const [first, second, third] = instances;
    // Text mode: the CRLFs inside the first note's quotes are LF.
    expect(first?.input.text).toBe(
      'Diagnosis: Invented gallbladder pain\nProcedure: Laparoscopic examplectomy\nHistory & Physical: [SYNTHETIC FIXTURE: invented for @medhelm/benchmark-starr-patient-instructions; not patient data]\nH&P - FICTIONAL PATIENT A\nMade-up right upper quadrant pain after meals for 3 months.\nOperative Report: OPERATIVE REPORT\nProcedure: Laparoscopic examplectomy\nFindings: invented, uneventful. EBL 10 mL.\n\n',
    );
    expect(
      second?.input.text.startsWith('Diagnosis: Invented wrist fracture\nProcedure: Open fixation'),
    ).toBe(true);
    expect(second?.references).toEqual([
      { output: { text: 'Keep the splint dry; elevate your hand above your heart.' }, tags: ['correct'] },
    ]);
    expect(third?.input.text).toContain('FICTIONAL PATIENT F');
    expect(instances.every((instance) => instance.split === 'test' && instance.id === undefined)).toBe(true);
  });
});

describe.skipIf(fidelityDirectory === undefined)('the shared synthetic set', () => {
  it('loads 9 of its 14 rows', async () => {
    expect(await load(join(fidelityDirectory ?? '', 'data', 'starr_patient_instructions'))).toHaveLength(9);
  });
});

describe('starr_patient_instructions data HELM reads wrongly or not at all', () => {
  let scratch: string;
  beforeEach(() => {
    scratch = mkdtempSync(join(tmpdir(), 'medhelm-starr-'));
  });
  afterEach(() => {
    rmSync(scratch, { recursive: true, force: true });
  });

  async function failure(text: string): Promise<DatasetLoadError> {
    writeFileSync(join(scratch, 'dataset_cases_qc.csv'), text);
    const error = await load(scratch).then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(DatasetLoadError.isInstance(error), String(error)).toBe(true);
    return error as DatasetLoadError;
  }

  it('names the columns a file lacks, where HELM would silently drop every row', async () => {
    const text = readFileSync(fixture, 'utf8').replace('OperativeNoteText', 'OpNote').replace(',QC,', ',Qc,');
    const error = await failure(text);
    expect(error.location).toEqual({ file: join(scratch, 'dataset_cases_qc.csv'), field: 'QC' });
    expect(error.message).toContain('The header row lacks "QC", "OperativeNoteText"');
  });

  it('names the line of a short row, where HELM would crash on its None', async () => {
    const error = await failure(
      'QC,Diagnosis,ActualProcedure,HistoryPhysicalNoteText,OperativeNoteText,DischargeInstructionNoteText\nTRUE,d,p,h,o\n',
    );
    expect(error.location).toMatchObject({ line: 2, row: 1 });
  });
});
