import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { DatasetLoadError, type Instance } from '@medhelm/core';
import { createFileResolver } from '@medhelm/datasets';
import { createSampleLoadContext, findFidelityDirectory } from '@medhelm/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createDischargemeDataset,
  DISCHARGEME_FILES,
  DISCHARGEME_FOLDER,
  DISCHARGEME_OBTAIN,
  dischargemeInput,
} from './dischargeme-dataset.ts';

const packageDirectory = join(import.meta.dirname, '..');
const fidelityDirectory = findFidelityDirectory(['data/dischargeme']);

async function load(dataDirectory?: string, warnings: string[] = []): Promise<Instance[]> {
  const instances: Instance[] = [];
  const context = {
    ...createSampleLoadContext(dataDirectory === undefined ? {} : { dataDirectory }),
    warn: (message: string) => warnings.push(message),
  };
  for await (const instance of createDischargemeDataset().load(context)) instances.push(instance);
  return instances;
}

describe('the dischargeme files', () => {
  it("are HELM's six files of phase I's test set, under the physionet.org mirror's layout", () => {
    expect(DISCHARGEME_FILES.map((file) => file.name)).toEqual(
      ['diagnosis', 'discharge', 'discharge_target', 'radiology', 'edstays', 'triage'].map(
        (name) => `files/discharge-me/1.3/test_phase_1/${name}.csv.gz`,
      ),
    );
    // Gated: nothing to download; the bundled copies are the synthetic fixtures.
    for (const file of DISCHARGEME_FILES) {
      expect(file.url).toBeUndefined();
      expect(file.samplePath).toBe(join(packageDirectory, 'data', file.name));
    }
    const dataset = createDischargemeDataset();
    expect(dataset.access).toBe('gated');
    expect(dataset.obtain).toBe(DISCHARGEME_OBTAIN);
    expect(DISCHARGEME_OBTAIN).toContain('https://physionet.org/content/discharge-me/1.3/');
  });

  it('say what to obtain from where when a data folder lacks them', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'medhelm-dischargeme-empty-'));
    const resolveFile = createFileResolver({
      benchmarkId: 'dischargeme',
      source: { kind: 'directory', path: empty },
      obtain: DISCHARGEME_OBTAIN,
    });
    const error = await createDischargemeDataset()
      .load({ resolveFile })
      [Symbol.asyncIterator]()
      .next()
      .then(
        () => undefined,
        (reason: unknown) => reason,
      );
    expect(DatasetLoadError.isInstance(error)).toBe(true);
    expect((error as DatasetLoadError).message).toContain(
      `${DISCHARGEME_FOLDER}/diagnosis.csv.gz is not in the data directory`,
    );
    expect((error as DatasetLoadError).hint).toContain('PhysioNet credentialed access');
  });
});

describe('the bundled synthetic fixtures', () => {
  it("load to exactly the instances HELM's DischargeMeScenario makes of them", async () => {
    // Made by HELM's own scenario code and pandas 2.3.3 (scripts/helm-fixture-instances.py).
    const helm = JSON.parse(
      readFileSync(join(packageDirectory, 'test', 'helm-fixture-instances.json'), 'utf8'),
    ) as {
      input: string;
      reference: string;
    }[];
    const instances = await load();
    expect(
      instances.map((instance) => ({
        input: instance.input.text,
        reference: instance.references[0]?.output.text,
      })),
    ).toEqual(helm);
    expect(
      instances.every(
        (instance) => instance.split === 'test' && instance.references[0]?.tags.includes('correct'),
      ),
    ).toBe(true);
  });

  it('join as HELM does: diagnosis order, two tasks per admission, joins that drop admissions', async () => {
    const instances = await load();
    // Subject 91000002 (two admissions, diagnosis row 1) before 91000001; 91000003 has no ED stay
    // for its admission and 91000004 no diagnosis row: both dropped.
    const tasks = instances.map((instance) => instance.input.text.split(' from ')[0]);
    expect(tasks).toEqual([
      'Generate the Brief Hospital Course',
      'Generate the Discharge Instructions',
      'Generate the Brief Hospital Course',
      'Generate the Discharge Instructions',
      'Generate the Brief Hospital Course',
      'Generate the Discharge Instructions',
    ]);
    const references = instances.map((instance) => instance.references[0]?.output.text);
    expect(references[0]).toBe('#Cough\n- Invented course: chest film clear, no antibiotics.');
    expect(references[2]).toBe('#Leg swelling\n- Invented course: ultrasound without clot. ');
    expect(references[5]).toBe('Drink plenty of water.');
  });

  it('cut the target out of the note with str.replace: every occurrence, and only an exact match', async () => {
    const instances = await load();
    const [cough, , legCourse, , , dizzyInstructions] = instances.map((instance) => instance.input.text);
    // The course of the first admission is gone from its Brief Hospital Course prompt.
    expect(cough).toContain('Brief Hospital Course:\n\n \nDischarge Instructions:\nDear Mr. ___,');
    // The target has a trailing space the note lacks: not found, so it stays in the prompt.
    expect(legCourse).toContain(
      'Brief Hospital Course:\n#Leg swelling\n- Invented course: ultrasound without clot.\n',
    );
    // "Drink plenty of water." is in the note twice: both are removed.
    expect(dizzyInstructions).not.toContain('Drink plenty of water.');
    expect(dizzyInstructions).toContain(
      'Discharge Instructions:\n\n \nFollowup Instructions:\n___\nReminder: \n',
    );
  });

  it('keep the first radiology report of an admission, NA as the text NA (keep_default_na=False)', async () => {
    const instances = await load();
    const dizzy = instances[4]?.input.text ?? '';
    expect(dizzy).toContain('\n\nRadiology Report:\nNA\n\nBrief Hospital Course:\n');
    expect(dizzy.endsWith('\n\nBrief Hospital Course:\n')).toBe(true);
  });

  it("build HELM's prompt text: its f-string's four spaces before the blank line", () => {
    expect(dischargemeInput('Discharge Instructions', 'NOTE', 'REPORT')).toBe(
      'Generate the Discharge Instructions from the following patient discharge text and radiology report text.    \n\nDischarge Text:\nNOTE\n\nRadiology Report:\nREPORT\n\nDischarge Instructions:\n',
    );
  });
});

describe.skipIf(fidelityDirectory === undefined)(
  'the shared synthetic set (real format, HELM vectors)',
  () => {
    it('loads 8 admissions (16 instances) from the shared folder', async () => {
      const instances = await load(join(fidelityDirectory ?? '', 'data', 'dischargeme'));
      expect(instances).toHaveLength(16);
    });
  },
);

describe('malformed dischargeme data', () => {
  let scratch: string;
  beforeEach(() => {
    scratch = mkdtempSync(join(tmpdir(), 'medhelm-dischargeme-'));
    cpSync(join(packageDirectory, 'data'), scratch, { recursive: true });
  });
  afterEach(() => {
    rmSync(scratch, { recursive: true, force: true });
  });

  const pathOf = (name: string) => join(scratch, DISCHARGEME_FOLDER, name);
  function edit(name: string, change: (text: string) => string): void {
    const text = gunzipSync(readFileSync(pathOf(name))).toString('utf8');
    const changed = change(text);
    expect(changed).not.toBe(text);
    writeFileSync(pathOf(name), gzipSync(Buffer.from(changed, 'utf8')));
  }
  async function failure(): Promise<DatasetLoadError> {
    const error = await load(scratch).then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(DatasetLoadError.isInstance(error), String(error)).toBe(true);
    return error as DatasetLoadError;
  }

  it('names the file, line and field of a key that is not an integer', async () => {
    edit('edstays.csv.gz', (text) => text.replace('\n91000002,81000002,', '\n91000002,A81000002,'));
    const error = await failure();
    expect(error.location).toEqual({ file: pathOf('edstays.csv.gz'), line: 3, row: 2, field: 'hadm_id' });
    expect(error.message).toContain('"A81000002" is not an integer id');
  });

  it('names a missing column', async () => {
    edit('discharge_target.csv.gz', (text) => text.replace('brief_hospital_course,', 'bhc,'));
    const error = await failure();
    expect(error.location).toMatchObject({
      file: pathOf('discharge_target.csv.gz'),
      field: 'brief_hospital_course',
    });
  });

  it('refuses an unpacked file in place of the .csv.gz', async () => {
    writeFileSync(pathOf('triage.csv.gz'), gunzipSync(readFileSync(pathOf('triage.csv.gz'))));
    const error = await failure();
    expect(error.message).toContain('not gzip-compressed CSV');
    expect(error.location?.file).toBe(pathOf('triage.csv.gz'));
  });

  it('runs where HELM stops: a row with an empty hadm_id joins nothing, with a warning', async () => {
    // pandas reads the column as text and refuses to merge it with an int64 one (ValueError).
    edit('edstays.csv.gz', (text) => text.replace('\n91000002,81000002,', '\n91000002,,'));
    const warnings: string[] = [];
    const instances = await load(scratch, warnings);
    // Admission 81000002 lost its ED stay: 81000003 and 81000001 remain.
    expect(instances).toHaveLength(4);
    expect(warnings).toEqual([
      `dischargeme: 1 row of ${pathOf('edstays.csv.gz')} has an empty hadm_id, so it joins nothing (HELM's pandas merge stops with a ValueError on such a file).`,
    ]);
  });

  it('warns about a discharge note without hadm_id, which joins no admission', async () => {
    edit('discharge.csv.gz', (text) =>
      text.replace('91000001-DS-1,91000001,81000001,', '91000001-DS-1,91000001,,'),
    );
    const warnings: string[] = [];
    expect(await load(scratch, warnings)).toHaveLength(4);
    expect(warnings).toEqual([
      `dischargeme: 1 row of ${pathOf('discharge.csv.gz')} has an empty hadm_id, so it joins nothing (HELM's pandas merge stops with a ValueError on such a file).`,
    ]);
  });

  it('fails clearly, before any model call, when no admission is in all six files', async () => {
    edit('edstays.csv.gz', (text) => `${text.split('\n')[0]}\n`);
    const error = await failure();
    expect(error.message).toContain('No admission is in all six files');
  });
});
