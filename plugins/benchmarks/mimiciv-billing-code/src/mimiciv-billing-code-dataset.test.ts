import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatasetLoadError, type Instance } from '@medhelm/core';
import { createFileResolver } from '@medhelm/datasets';
import { findFidelityDirectory } from '@medhelm/testing';
import {
  Field,
  Float64,
  Int64,
  List,
  RecordBatchFileWriter,
  Table,
  Utf8,
  type Vector,
  vectorFromArray,
} from 'apache-arrow';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  billingCodesReference,
  createMimicivBillingCodeDataset,
  MIMICIV_BILLING_CODE_FILE,
} from './mimiciv-billing-code-dataset.ts';

const fidelityDirectory = findFidelityDirectory(['data/mimiciv_billing_code']);
const dataset = createMimicivBillingCodeDataset();

async function load(source: Parameters<typeof createFileResolver>[0]['source']): Promise<Instance[]> {
  const resolveFile = createFileResolver({
    benchmarkId: 'mimiciv_billing_code',
    source,
    obtain: dataset.obtain,
  });
  const instances: Instance[] = [];
  for await (const instance of dataset.load({ resolveFile })) instances.push(instance);
  return instances;
}

const codes = (instances: Instance[]) => instances.map((instance) => instance.references[0]?.output.text);

describe('the mimiciv_billing_code file', () => {
  it('is mimiciv_icd10.feather, gated, with no URL and a way to obtain it', () => {
    expect(dataset.files).toEqual([MIMICIV_BILLING_CODE_FILE]);
    expect(MIMICIV_BILLING_CODE_FILE.name).toBe('mimiciv_icd10.feather');
    expect(MIMICIV_BILLING_CODE_FILE.url).toBeUndefined();
    expect(MIMICIV_BILLING_CODE_FILE.samplePath).toBe(
      join(import.meta.dirname, '..', 'data', 'mimiciv_icd10.feather'),
    );
    expect(dataset.access).toBe('gated');
    expect(dataset.obtain).toContain('PhysioNet credentialed access to MIMIC-IV and MIMIC-IV-Note');
  });
});

describe('the bundled synthetic fixture (LZ4-compressed, as pandas writes Feather)', () => {
  it('gives one instance per row: the note, and the target codes joined by commas', async () => {
    const instances = await load({ kind: 'sample' });
    expect(instances.map((instance) => instance.split)).toEqual(Array(6).fill('test'));
    expect(instances.every((instance) => instance.references[0]?.tags[0] === 'correct')).toBe(true);
    // Row 3's target is an empty list, row 5's is null (str(None)), row 6 repeats E11.9.
    expect(codes(instances)).toEqual([
      'J18.9,R50.9',
      '5A1955Z,I48.91,I10',
      '',
      'F32.A,Z79.899',
      'None',
      '3E013VG,E11.9,E11.9,Z79.4',
    ]);
    expect(instances[0]?.input.text).toBe(
      '[SYNTHETIC FIXTURE – written for @medhelm/benchmark-mimiciv-billing-code; not patient data]\n' +
        'Name: EXAMPLE PATIENT 1  Unit No: ___\n\nChief Complaint:\ncough and fever\n\n' +
        'Brief Hospital Course:\nTreated for community-acquired pneumonia with oral antibiotics; improved by day 3.',
    );
  });
});

describe.skipIf(fidelityDirectory === undefined)(
  "the project's synthetic mimiciv_icd10.feather (uncompressed)",
  () => {
    it('gives its 16 rows, with the empty, null and duplicated targets as HELM writes them', async () => {
      const instances = await load({
        kind: 'directory',
        path: join(fidelityDirectory ?? '', 'data', 'mimiciv_billing_code'),
      });
      expect(instances).toHaveLength(16);
      expect(codes(instances)[0]).toBe('R07.9,I48.91,E78.5,J18.9,E11.9,K35.80,0BH17EZ');
      expect(codes(instances)[3]).toBe('');
      expect(codes(instances)[7]).toBe('None');
      expect(codes(instances)[10]).toBe('I48.91,I48.91');
    });
  },
);

describe('billingCodesReference (HELM: ",".join(str(code) for code in target))', () => {
  const list = (values: unknown[]) => values as unknown as Vector;
  it('joins a list without spaces, keeping duplicates; a null item is "None"', () => {
    expect(billingCodesReference(list(['I10', 'E11.9', 'I10']))).toBe('I10,E11.9,I10');
    expect(billingCodesReference(list(['I10', null]))).toBe('I10,None');
    expect(billingCodesReference(list([]))).toBe('');
  });
  it('writes a null cell as "None" and a string cell as itself, as str() does', () => {
    expect(billingCodesReference(null)).toBe('None');
    expect(billingCodesReference('I10,E11.9')).toBe('I10,E11.9');
  });
  it('writes integers as Python does and refuses what str() would write otherwise', () => {
    expect(billingCodesReference(list([12n, 7]))).toBe('12,7');
    expect(billingCodesReference(list([1.5]))).toBeUndefined();
    expect(billingCodesReference(true)).toBeUndefined();
  });
});

describe('malformed mimiciv_icd10.feather', () => {
  let scratch: string;
  beforeEach(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'medhelm-mimiciv-'));
  });
  afterEach(async () => {
    await rm(scratch, { recursive: true, force: true });
  });

  const stringList = () => new List(new Field('item', new Utf8(), true));

  async function failure(columns: Record<string, Vector>): Promise<DatasetLoadError> {
    await writeFile(
      join(scratch, 'mimiciv_icd10.feather'),
      RecordBatchFileWriter.writeAll(new Table(columns)).toUint8Array(true),
    );
    const error = await load({ kind: 'directory', path: scratch }).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(DatasetLoadError);
    return error as DatasetLoadError;
  }

  it('names a missing target column (HELM would skip every row and run on none)', async () => {
    const error = await failure({ text: vectorFromArray(['a note'], new Utf8()) });
    expect(error.location).toEqual({ file: join(scratch, 'mimiciv_icd10.feather'), field: 'target' });
  });

  it("prompts a null note as an empty one, as HELM's adapter does, and warns", async () => {
    const path = join(scratch, 'mimiciv_icd10.feather');
    await writeFile(
      path,
      RecordBatchFileWriter.writeAll(
        new Table({
          text: vectorFromArray(['a note', null], new Utf8()),
          target: vectorFromArray([['I10'], ['E11.9']], stringList()),
        }),
      ).toUint8Array(true),
    );
    const warnings: string[] = [];
    const resolveFile = createFileResolver({
      benchmarkId: 'mimiciv_billing_code',
      source: { kind: 'directory', path: scratch },
    });
    const instances: Instance[] = [];
    for await (const instance of dataset.load({ resolveFile, warn: (message) => warnings.push(message) })) {
      instances.push(instance);
    }
    expect(instances.map((instance) => instance.input.text)).toEqual(['a note', '']);
    expect(codes(instances)).toEqual(['I10', 'E11.9']);
    expect(warnings).toEqual([
      `${path}: the text of row 2 is null; as in HELM, its prompt has an empty note.`,
    ]);
  });

  it('names the row of a note that is not text', async () => {
    const error = await failure({
      text: vectorFromArray([7n], new Int64()),
      target: vectorFromArray([['I10']], stringList()),
    });
    expect(error.location).toMatchObject({ row: 1, field: 'text' });
  });

  it('names the row of a target that is not a list of code strings', async () => {
    const error = await failure({
      text: vectorFromArray(['a note'], new Utf8()),
      target: vectorFromArray([[4.25]], new List(new Field('item', new Float64(), true))),
    });
    expect(error.location).toMatchObject({ row: 1, field: 'target' });
    expect(error.message).toContain('The target is a list holding number 4.25');
  });

  it('says where it looked and how to obtain the file when it is missing', async () => {
    const error = await load({ kind: 'directory', path: scratch }).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(DatasetLoadError);
    expect((error as DatasetLoadError).message).toContain(
      'mimiciv_icd10.feather is not in the data directory',
    );
    expect((error as DatasetLoadError).hint).toContain('PhysioNet credentialed access to MIMIC-IV');
  });
});
