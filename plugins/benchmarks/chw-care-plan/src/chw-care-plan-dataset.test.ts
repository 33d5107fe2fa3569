import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatasetLoadError, type Instance } from '@medhelm/core';
import { createSampleLoadContext, findFidelityDirectory } from '@medhelm/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  CHW_CARE_PLAN_FILE,
  CHW_CARE_PLAN_OBTAIN,
  chwCarePlanPromptText,
  createChwCarePlanDataset,
} from './chw-care-plan-dataset.ts';

const packageDirectory = join(import.meta.dirname, '..');
const fixture = join(packageDirectory, 'data', 'CHW_Dataset.csv');
const fidelityDirectory = findFidelityDirectory(['data/chw_care_plan']);

async function load(dataDirectory?: string): Promise<Instance[]> {
  const instances: Instance[] = [];
  const context = createSampleLoadContext(dataDirectory === undefined ? {} : { dataDirectory });
  for await (const instance of createChwCarePlanDataset().load(context)) instances.push(instance);
  return instances;
}

describe('the chw_care_plan file', () => {
  it("is the leaderboard's file name, private (no download), the bundled copy a synthetic fixture", () => {
    expect(CHW_CARE_PLAN_FILE).toEqual({ name: 'CHW_Dataset.csv', samplePath: fixture });
    const dataset = createChwCarePlanDataset();
    expect(dataset.access).toBe('private');
    expect(dataset.obtain).toBe(CHW_CARE_PLAN_OBTAIN);
    expect(CHW_CARE_PLAN_OBTAIN).toContain('column "MO Note"');
  });
});

describe('the bundled synthetic fixture', () => {
  it('gives one test instance per row with an MO Note, skipping the empty, NA and None notes', async () => {
    const instances = await load();
    const notes = instances.map((instance) => instance.references[0]?.output.text ?? '');
    expect(notes.map((note) => note.split('\n')[1] ?? note)).toEqual([
      'MO note for FICTIONAL PATIENT A.',
      'MO note for FICTIONAL PATIENT B.\r',
      'MO note for FICTIONAL PATIENT C.',
      '  Plain one-line note for FICTIONAL PATIENT D with leading spaces kept.  ',
    ]);
    expect(instances.every((instance) => instance.split === 'test' && instance.id === undefined)).toBe(true);
    expect(instances.map((instance) => instance.references.map((item) => item.tags))).toEqual([
      [['correct']],
      [['correct']],
      [['correct']],
      [['correct']],
    ]);
  });

  it('keeps the CRLF inside a quoted note and the doubled quote, and wraps the note in the prompt', async () => {
    const [, second, third] = await load();
    expect(second?.references[0]?.output.text).toContain('FICTIONAL PATIENT B.\r\nCC: made-up cough');
    expect(third?.references[0]?.output.text).toContain('standing, "a few seconds" each time');
    expect(second?.input.text).toBe(chwCarePlanPromptText(second?.references[0]?.output.text ?? ''));
    expect(second?.input.text).toContain('\nClinical Note:\n[SYNTHETIC FIXTURE');
  });
});

describe.skipIf(fidelityDirectory === undefined)('the shared synthetic set', () => {
  it('loads 10 of its 13 rows', async () => {
    expect(await load(join(fidelityDirectory ?? '', 'data', 'chw_care_plan'))).toHaveLength(10);
  });
});

describe('chw_care_plan data HELM cannot read', () => {
  let scratch: string;
  beforeEach(() => {
    scratch = mkdtempSync(join(tmpdir(), 'medhelm-chw-'));
  });
  afterEach(() => {
    rmSync(scratch, { recursive: true, force: true });
  });

  async function failure(text: string): Promise<DatasetLoadError> {
    writeFileSync(join(scratch, 'CHW_Dataset.csv'), text);
    const error = await load(scratch).then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(DatasetLoadError.isInstance(error), String(error)).toBe(true);
    return error as DatasetLoadError;
  }

  it('names a file without an MO Note column (HELM: KeyError) and the columns it has', async () => {
    const error = await failure(readFileSync(fixture, 'utf8').replace('MO Note', 'MD Note'));
    expect(error.location).toMatchObject({ file: join(scratch, 'CHW_Dataset.csv'), field: 'MO Note' });
    expect(error.message).toContain('"patient_ref", "visit_date", "MD Note", "CHW Notes"');
  });

  it('names the line of a row with more fields than the header (pandas stops too)', async () => {
    const error = await failure('MO Note,other\r\nfirst note,x\r\nsecond, with a comma,y\r\n');
    expect(error.location).toMatchObject({ line: 3, row: 2 });
  });
});
