import { readdirSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatasetLoadError, type Instance } from '@medhelm/core';
import { createFolderResolver } from '@medhelm/datasets';
import { findSharedDirectory } from '@medhelm/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createMtsamplesReplicateDataset,
  MTSAMPLES_REPLICATE_FOLDER,
  type MtsamplesReplicateDatasetOptions,
  mtsamplesReplicateInstance,
  withinGithubApiCap,
} from './mtsamples-replicate-dataset.ts';

const sharedDirectory = findSharedDirectory();

async function loadFrom(
  directory: string,
  options: MtsamplesReplicateDatasetOptions = {},
): Promise<Instance[]> {
  const resolveFolder = createFolderResolver({
    benchmarkId: 'mtsamples_replicate',
    source: { kind: 'directory', path: directory },
  });
  const resolveFile = () => Promise.reject(new Error('no files here'));
  const instances: Instance[] = [];
  for await (const instance of createMtsamplesReplicateDataset(options).load({ resolveFile, resolveFolder }))
    instances.push(instance);
  return instances;
}

async function loadSample(options: MtsamplesReplicateDatasetOptions = {}): Promise<Instance[]> {
  const resolveFolder = createFolderResolver({
    benchmarkId: 'mtsamples_replicate',
    source: { kind: 'sample' },
  });
  const resolveFile = () => Promise.reject(new Error('no files here'));
  const instances: Instance[] = [];
  for await (const instance of createMtsamplesReplicateDataset(options).load({ resolveFile, resolveFolder }))
    instances.push(instance);
  return instances;
}

const gold = (instance: Instance | undefined) => instance?.references[0]?.output.text;

describe('mtsamplesReplicateInstance', () => {
  it('takes the rest of the PLAN: line as the reference and cuts the input before PLAN: only', () => {
    expect(
      mtsamplesReplicateInstance(
        '\nSample Name: x\nSUMMARY: kept.\nASSESSMENT AND\nPLAN:  Rest. \nKeywords: y\n',
      ),
    ).toEqual({
      // The SUMMARY section stays, and the input ends in the dangling "AND".
      input: { text: 'Sample Name: x\nSUMMARY: kept.\nASSESSMENT AND' },
      references: [{ output: { text: 'Rest.' }, tags: ['correct'] }],
      split: 'test',
    });
  });

  it('keeps a SUMMARY or FINDINGS section that gave the reference in the input', () => {
    const text = 'Intro.\nFINDINGS: f1\nmiddle\nSUMMARY: s1\nend';
    expect(gold(mtsamplesReplicateInstance(text))).toBe('s1');
    expect(mtsamplesReplicateInstance(text)?.input.text).toBe(text);
    expect(gold(mtsamplesReplicateInstance('Intro.\nFINDINGS: only findings'))).toBe('only findings');
  });

  it("skips an empty section as Python's `or` does", () => {
    expect(gold(mtsamplesReplicateInstance('Intro.\nPLAN:   \nFINDINGS: f'))).toBe('f');
    expect(mtsamplesReplicateInstance('Intro.\nPLAN:   \nFINDINGS: f')?.input.text).toBe('Intro.');
    expect(mtsamplesReplicateInstance('Intro.\nPLAN:\nSUMMARY:')).toBeUndefined();
  });

  it('makes no instance where HELM raises IndexError: a marker found case-insensitively only', () => {
    expect(mtsamplesReplicateInstance('Intro.\nPlan: rest')).toBeUndefined();
    expect(mtsamplesReplicateInstance('Intro.\nPLAN: rest\nFindings: fine')).toBeUndefined();
  });

  it('makes no instance without any section', () => {
    expect(mtsamplesReplicateInstance('Sample Name: x\nIMPRESSION: fine.')).toBeUndefined();
  });

  it('cuts the reference at the next occurrence of its marker (split(marker)[1])', () => {
    expect(gold(mtsamplesReplicateInstance('x\nPLAN: first PLAN: second\n'))).toBe('first');
  });

  it('strips as Python does: NBSP, NEL and the \\x1c-\\x1f separators, not a byte-order mark', () => {
    expect(gold(mtsamplesReplicateInstance('x\nPLAN:\u00a0rest\u0085\u001f\nmore'))).toBe('rest');
    expect(mtsamplesReplicateInstance('\ufeffSample\u00a0\nPLAN: x')?.input.text).toBe('\ufeffSample');
  });
});

describe('which files real HELM reads', () => {
  it('stops the listing after the 1,000th upstream entry, "Ophthalmology - Letter - 3.txt"', () => {
    expect(withinGithubApiCap('Ophthalmology - Letter - 3.txt')).toBe(true);
    // " " (0x20) sorts before "." (0x2e): this name comes before the last listed one.
    expect(withinGithubApiCap('Ophthalmology - Letter - 3 - copy.txt')).toBe(true);
    expect(withinGithubApiCap('Ophthalmology - Letter - 4.txt')).toBe(false);
    expect(withinGithubApiCap('Ophthalmology Progress Note - 2.txt')).toBe(false);
    expect(withinGithubApiCap('well-child.txt')).toBe(false);
    expect(withinGithubApiCap('1-year-old Exam - H&P.txt')).toBe(true);
  });

  it.skipIf(sharedDirectory === undefined)(
    'leaves out 35 of the 200 shared sample files, as the conformance README counts',
    () => {
      const names = readdirSync(
        join(sharedDirectory ?? '', 'data', 'mtsamples_replicate', 'mtsamples_processed'),
      );
      expect(names).toHaveLength(200);
      expect(names.filter((name) => !withinGithubApiCap(name))).toHaveLength(35);
    },
  );
});

describe('the bundled fixtures', () => {
  it('are resolved next to the package from src/ (and so from dist/)', () => {
    expect(MTSAMPLES_REPLICATE_FOLDER.samplePath).toBe(
      join(import.meta.dirname, '..', 'data', 'mtsamples_processed'),
    );
  });

  // Expected values follow HELM's scenario code applied by hand to each fixture (see LICENSE-DATA.md).
  it('load in listing order, skipping the IndexError, no-section and beyond-the-cap files', async () => {
    const instances = await loadSample();
    expect(instances.map(gold)).toEqual([
      'Invented plan: continue the inhaler and return in three months.',
      'Invented mechanical back pain without red flags.',
      'The invented lungs are clear.IMPRESSION:  Invented normal chest.',
      'Invented plan: walk with a frame and start physical therapy tomorrow.',
    ]);
    expect(instances[0]?.input.text.endsWith('SUMMARY:  Invented summary that stays in the prompt.')).toBe(
      true,
    );
    expect(instances[1]?.input.text.endsWith('Keywords:\u00a0invented fixture, back pain,')).toBe(true);
    expect(instances[3]?.input.text.endsWith('\nPOSTOPERATIVE')).toBe(true);
    expect(instances.every((instance) => instance.split === 'test' && instance.id === undefined)).toBe(true);
  });

  it('include the file beyond the cap with onlyFilesHelmReads: false, last', async () => {
    const instances = await loadSample({ onlyFilesHelmReads: false });
    expect(instances).toHaveLength(5);
    expect(gold(instances[4])).toBe('Invented plan: routine vaccines and a visit next year.');
  });
});

describe('reading the folder', () => {
  let scratch: string;
  beforeEach(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'medhelm-mtsamples-replicate-'));
  });
  afterEach(async () => {
    await rm(scratch, { recursive: true, force: true });
  });

  it('skips a # file only while reading what HELM reads', async () => {
    const folder = join(scratch, 'mtsamples_processed');
    await mkdir(folder);
    await writeFile(join(folder, 'A #2.txt'), 'x\r\nPLAN: hash\r\n');
    await writeFile(join(folder, 'A.txt'), 'x\nPLAN: plain\n');
    expect((await loadFrom(scratch)).map(gold)).toEqual(['plain']);
    expect((await loadFrom(scratch, { onlyFilesHelmReads: false })).map(gold)).toEqual(['hash', 'plain']);
  });

  it('fails on a bad report naming its file and line, when loading', async () => {
    const folder = join(scratch, 'mtsamples_processed');
    await mkdir(folder);
    await writeFile(join(folder, 'Good.txt'), 'x\nPLAN: ok\n');
    await writeFile(
      join(folder, 'Bad.txt'),
      Buffer.concat([Buffer.from('x\nPLAN: '), Buffer.from([0xe2, 0x28])]),
    );
    const error = await loadFrom(scratch).then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(DatasetLoadError);
    expect((error as DatasetLoadError).location).toEqual({ file: join(folder, 'Bad.txt'), line: 2 });
    expect((error as DatasetLoadError).message).toContain('not valid UTF-8');
  });

  it('fails on a folder without reports, naming it', async () => {
    await mkdir(join(scratch, 'mtsamples_replicate', 'mtsamples_processed'), { recursive: true });
    const error = await loadFrom(scratch).then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(DatasetLoadError);
    expect((error as DatasetLoadError).location?.file).toBe(
      join(scratch, 'mtsamples_replicate', 'mtsamples_processed'),
    );
  });

  it('fails clearly when the folder is missing from the data directory', async () => {
    const error = await loadFrom(scratch).then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(DatasetLoadError);
    expect((error as DatasetLoadError).hint).toContain(
      'https://github.com/raulista1997/benchmarkdata/tree/ebc104a4f96c5b7602242f301e081e9934a23344/mtsamples_processed',
    );
  });

  it('fails clearly under an engine that cannot resolve folders', async () => {
    const load = async () => {
      for await (const _ of createMtsamplesReplicateDataset().load({ resolveFile: async () => '' })) {
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
