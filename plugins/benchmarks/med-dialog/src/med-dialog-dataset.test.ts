import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, DatasetLoadError, type Instance } from '@medhelm/core';
import { createFileResolver } from '@medhelm/datasets';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createMedDialogDataset,
  MED_DIALOG_SUBSETS,
  type MedDialogSubset,
  medDialogSubset,
  medDialogTestFile,
} from './med-dialog-dataset.ts';
import { medDialogInstance } from './med-dialog-instance.ts';

async function load(subset: MedDialogSubset, source: Parameters<typeof createFileResolver>[0]['source']) {
  const instances: Instance[] = [];
  const resolveFile = createFileResolver({ benchmarkId: 'med_dialog', source });
  for await (const instance of createMedDialogDataset({ subset }).load({ resolveFile }))
    instances.push(instance);
  return instances;
}

describe('medDialogInstance', () => {
  it('keeps the dialogue as it is and the summary as the one correct reference', () => {
    expect(medDialogInstance({ src: 'Patient: Hi. Doctor: Hello.', tgt: 'A greeting?' })).toEqual({
      input: { text: 'Patient: Hi. Doctor: Hello.' },
      references: [{ output: { text: 'A greeting?' }, tags: ['correct'] }],
      split: 'test',
    });
  });
});

describe('the subsets', () => {
  it("read <subset>/test.json of HELM's CodaLab bundle", () => {
    for (const subset of MED_DIALOG_SUBSETS) {
      const file = medDialogTestFile(subset);
      expect(file).toMatchObject({
        name: `${subset}/test.json`,
        url: `https://worksheets.codalab.org/rest/bundles/0x82f0c47f6d3e4462ae9ef8ea39eebe64/contents/blob/${subset}/test.json`,
        revision: '0x82f0c47f6d3e4462ae9ef8ea39eebe64',
        samplePath: join(import.meta.dirname, '..', 'data', subset, 'test.json'),
      });
      expect(createMedDialogDataset({ subset }).files).toEqual([file]);
    }
  });

  it('default to healthcaremagic and refuse others, as the scenario asserts', () => {
    expect(createMedDialogDataset().files[0]?.name).toBe('healthcaremagic/test.json');
    expect(medDialogSubset('icliniq')).toBe('icliniq');
    expect(() => medDialogSubset('HealthCareMagic')).toThrow(ConfigError);
    expect(() => medDialogSubset('healthtap')).toThrow('Invalid subset specified for med_dialog: healthtap.');
  });
});

describe('the bundled fixtures', () => {
  it('load as test instances, in file order, for each subset', async () => {
    for (const [subset, count] of [
      ['healthcaremagic', 5],
      ['icliniq', 3],
    ] as const) {
      const instances = await load(subset, { kind: 'sample' });
      expect(instances.map((instance) => instance.split)).toEqual(Array<string>(count).fill('test'));
      expect(instances.every((instance) => instance.id === undefined)).toBe(true);
    }
    const [first] = await load('icliniq', { kind: 'sample' });
    expect(first?.input.text.startsWith('Patient: Hello doctor, I am 26 and I get a sharp pain')).toBe(true);
    expect(first?.references).toEqual([
      {
        output: { text: 'I get sharp chest pain on deep breathing after a cold. What could it be?' },
        tags: ['correct'],
      },
    ]);
  });
});

describe('malformed med_dialog data', () => {
  let scratch: string;
  beforeEach(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'medhelm-med-dialog-'));
    await mkdir(join(scratch, 'icliniq'));
  });
  afterEach(async () => {
    await rm(scratch, { recursive: true, force: true });
  });

  async function failure(content: string): Promise<DatasetLoadError> {
    await writeFile(join(scratch, 'icliniq', 'test.json'), content);
    const error = await load('icliniq', { kind: 'directory', path: scratch }).then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(DatasetLoadError);
    return error as DatasetLoadError;
  }

  it('names the file, line, example and field of a missing tgt', async () => {
    const fixture = JSON.parse(readFileSync(medDialogTestFile('icliniq').samplePath ?? '', 'utf8')) as {
      data: Record<string, string>[];
    };
    const { tgt: _dropped, ...withoutTgt } = fixture.data[1] ?? {};
    const error = await failure(JSON.stringify({ data: [fixture.data[0], withoutTgt] }, null, 4));
    const file = join(scratch, 'icliniq', 'test.json');
    // {, "data": [, then 4 lines for the first example: the second starts on line 7.
    expect(error.location).toEqual({ file, line: 7, row: 2, field: 'tgt' });
    expect(error.message).toContain(`${file}, line 7, row 2, field "tgt"`);
  });

  it('names a src that is not a string', async () => {
    const error = await failure('{"data": [\n{"src": null, "tgt": "t"}\n]}');
    expect(error.location).toMatchObject({ line: 2, row: 1, field: 'src' });
  });

  it('names a file whose "data" is not a list', async () => {
    const error = await failure('{"data": {"src": "s", "tgt": "t"}}');
    expect(error.location).toMatchObject({ line: 1, field: 'data' });
    expect(error.message).toContain('"data" is a dict, not a list of examples');
  });

  it('reports invalid JSON with its line', async () => {
    const error = await failure('{"data": [\n{"src": "s", "tgt": "t"},\n]}');
    expect(error.location?.line).toBe(3);
  });
});
