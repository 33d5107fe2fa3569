import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatasetLoadError, type Instance } from '@medhelm/core';
import { createFolderResolver } from '@medhelm/datasets';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createMtsamplesProceduresDataset,
  MTSAMPLES_PROCEDURES_FOLDER,
  type MtsamplesProceduresDatasetOptions,
  mtsamplesProceduresInstance,
} from './mtsamples-procedures-dataset.ts';

async function loadFrom(
  directory: string,
  options: MtsamplesProceduresDatasetOptions = {},
): Promise<Instance[]> {
  const resolveFolder = createFolderResolver({
    benchmarkId: 'mtsamples_procedures',
    source: { kind: 'directory', path: directory },
  });
  const resolveFile = () => Promise.reject(new Error('no files here'));
  const instances: Instance[] = [];
  for await (const instance of createMtsamplesProceduresDataset(options).load({ resolveFile, resolveFolder }))
    instances.push(instance);
  return instances;
}

async function loadSample(options: MtsamplesProceduresDatasetOptions = {}): Promise<Instance[]> {
  const resolveFolder = createFolderResolver({
    benchmarkId: 'mtsamples_procedures',
    source: { kind: 'sample' },
  });
  const resolveFile = () => Promise.reject(new Error('no files here'));
  const instances: Instance[] = [];
  for await (const instance of createMtsamplesProceduresDataset(options).load({ resolveFile, resolveFolder }))
    instances.push(instance);
  return instances;
}

const gold = (instance: Instance | undefined) => instance?.references[0]?.output.text;

describe('mtsamplesProceduresInstance', () => {
  it('takes the rest of the PLAN: line as the reference and cuts the input before PLAN:', () => {
    expect(
      mtsamplesProceduresInstance('\nSample Name: x\nPROCEDURE:  Done.\nPLAN:  Rest. \nKeywords: y\n'),
    ).toEqual({
      input: { text: 'Sample Name: x\nPROCEDURE:  Done.' },
      references: [{ output: { text: 'Rest.' }, tags: ['correct'] }],
      split: 'test',
    });
  });

  it('prefers PLAN over SUMMARY over FINDINGS, and cuts the input before each of them', () => {
    const text = 'Intro.\nFINDINGS: f1\nmiddle\nSUMMARY: s1\nend';
    // No PLAN: the summary is the reference; the input is cut before SUMMARY:, then before FINDINGS:.
    expect(gold(mtsamplesProceduresInstance(text))).toBe('s1');
    expect(mtsamplesProceduresInstance(text)?.input.text).toBe('Intro.');
    expect(gold(mtsamplesProceduresInstance('Intro.\nFINDINGS: only findings'))).toBe('only findings');
  });

  it("skips an empty section as Python's `or` does", () => {
    expect(gold(mtsamplesProceduresInstance('Intro.\nPLAN:   \nFINDINGS: f'))).toBe('f');
    expect(mtsamplesProceduresInstance('Intro.\nPLAN:\nSUMMARY:')).toBeUndefined();
  });

  it('makes no instance where HELM raises IndexError: a marker found case-insensitively only', () => {
    expect(mtsamplesProceduresInstance('Intro.\nPlan: rest')).toBeUndefined();
    // Every marker is extracted, so a lower-case "summary:" fails even beside a good PLAN:.
    expect(mtsamplesProceduresInstance('Intro.\nPLAN: rest\nIn summary: fine')).toBeUndefined();
  });

  it('makes no instance without any section', () => {
    expect(mtsamplesProceduresInstance('Sample Name: x\nPROCEDURE: Done.')).toBeUndefined();
  });

  it('cuts the reference at the next occurrence of its marker (split(marker)[1])', () => {
    expect(gold(mtsamplesProceduresInstance('x\nPLAN: first PLAN: second\n'))).toBe('first');
    // A reference runs on into the next heading when the report lacks a newline there.
    expect(gold(mtsamplesProceduresInstance('x FINDINGS: ok.DESCRIPTION: more\nnext'))).toBe(
      'ok.DESCRIPTION: more',
    );
  });

  it('strips as Python does: NBSP, NEL and the \\x1c-\\x1f separators, not a byte-order mark', () => {
    expect(gold(mtsamplesProceduresInstance('x\nPLAN:\u00a0rest\u0085\u001c\nmore'))).toBe('rest');
    expect(mtsamplesProceduresInstance('\ufeffSample\u00a0\nPLAN: x')?.input.text).toBe('\ufeffSample');
  });
});

describe('the bundled fixtures', () => {
  it('are resolved next to the package from src/ (and so from dist/)', () => {
    expect(MTSAMPLES_PROCEDURES_FOLDER.samplePath).toBe(
      join(import.meta.dirname, '..', 'data', 'mtsample_procedure'),
    );
  });

  // Expected values follow HELM's scenario code applied by hand to each fixture (see LICENSE-DATA.md).
  it('load in byte order of the names, skipping the IndexError, no-section and # files', async () => {
    const instances = await loadSample();
    expect(instances.map(gold)).toEqual([
      'Invented plan: rest, ice and a follow-up visit in two weeks.',
      'Invented summary of the biopsy, with no complication.',
      'The invented vein was patent and the catheter went in easily.DESCRIPTION OF PROCEDURE:  The invented catheter was placed under ultrasound.',
      'Invented fracture, two fragments, fixed with two invented screws.',
      'Invented plan: elevate the ankle and return in one week.',
    ]);
    expect(instances[0]?.input.text.endsWith('PROCEDURE:  Invented arthroscopy of the left knee.')).toBe(
      true,
    );
    expect(instances[1]?.input.text.endsWith('INDICATIONS:  An invented lesion on the arm.')).toBe(true);
    expect(instances.every((instance) => instance.split === 'test' && instance.id === undefined)).toBe(true);
  });

  it('include the # file with onlyFilesHelmReads: false, in its listing place', async () => {
    const instances = await loadSample({ onlyFilesHelmReads: false });
    expect(instances.map(gold)[4]).toBe('Invented plan: no lifting for six weeks.');
    expect(instances).toHaveLength(6);
  });
});

describe('reading the folder', () => {
  let scratch: string;
  beforeEach(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'medhelm-mtsamples-procedures-'));
  });
  afterEach(async () => {
    await rm(scratch, { recursive: true, force: true });
  });

  it('reads reports in byte order of their names, in Python text mode', async () => {
    const folder = join(scratch, 'mtsample_procedure');
    await mkdir(folder);
    await writeFile(join(folder, 'b.txt'), 'b\r\nPLAN: second\r\n');
    await writeFile(join(folder, 'B.txt'), 'B\rPLAN: first\r');
    await writeFile(join(folder, 'notes.md'), 'x\nPLAN: not a report\n');
    expect((await loadFrom(scratch)).map((instance) => [instance.input.text, gold(instance)])).toEqual([
      ['B', 'first'],
      ['b', 'second'],
    ]);
  });

  it('fails on a bad report naming it, when loading', async () => {
    const folder = join(scratch, 'mtsample_procedure');
    await mkdir(folder);
    await writeFile(join(folder, 'Good.txt'), 'x\nPLAN: ok\n');
    await writeFile(join(folder, 'Bad.txt'), Buffer.from([0x50, 0x4c, 0x41, 0x4e, 0x3a, 0xc3]));
    const error = await loadFrom(scratch).then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(DatasetLoadError);
    expect((error as DatasetLoadError).location).toEqual({ file: join(folder, 'Bad.txt'), line: 1 });
  });

  it('fails on a folder without reports, naming it', async () => {
    await mkdir(join(scratch, 'mtsample_procedure'));
    const error = await loadFrom(scratch).then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(DatasetLoadError);
    expect((error as DatasetLoadError).location?.file).toBe(join(scratch, 'mtsample_procedure'));
    expect((error as DatasetLoadError).message).toContain('no .txt report');
  });

  it('fails clearly when the folder is missing from the data directory', async () => {
    const error = await loadFrom(scratch).then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(DatasetLoadError);
    expect((error as DatasetLoadError).hint).toContain(
      'https://github.com/raulista1997/benchmarkdata/tree/c4c252443fa9c52afb6960f53e51be278639bea2/mtsample_procedure',
    );
  });

  it('fails clearly under an engine that cannot resolve folders', async () => {
    const load = async () => {
      for await (const _ of createMtsamplesProceduresDataset().load({ resolveFile: async () => '' })) {
        // nothing
      }
    };
    const error = await load().then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(DatasetLoadError);
    expect((error as DatasetLoadError).message).toContain('cannot resolve folders');
  });
});
