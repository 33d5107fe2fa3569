import { readFileSync } from 'node:fs';
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatasetLoadError, type Instance } from '@medhelm/core';
import { createFileResolver } from '@medhelm/datasets';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMedMcqaDataset, MED_MCQA_DOWNLOAD_URL, MED_MCQA_SPLIT_FILES } from './med-mcqa-dataset.ts';
import { medMcqaInstance, medMcqaRowSchema } from './med-mcqa-instance.ts';

const dataset = createMedMcqaDataset();
const packageData = join(import.meta.dirname, '..', 'data');

async function loadFrom(directory: string): Promise<Instance[]> {
  const instances: Instance[] = [];
  const resolveFile = createFileResolver({
    benchmarkId: 'med_mcqa',
    source: { kind: 'directory', path: directory },
  });
  for await (const instance of dataset.load({ resolveFile })) instances.push(instance);
  return instances;
}

describe('medMcqaInstance', () => {
  it('builds the input and opa..opd references as they are, cop (1-based) marking the correct one', () => {
    const row = medMcqaRowSchema.parse({
      question: 'Which one? ',
      exp: null,
      cop: 3,
      opa: 'First',
      opb: ' Second',
      opc: 'Third ',
      opd: 'Fourth',
      subject_name: 'Anatomy',
      topic_name: null,
      id: 'x',
      choice_type: 'single',
    });
    expect(medMcqaInstance(row, 'valid')).toEqual({
      input: { text: 'Which one? ' },
      references: [
        { output: { text: 'First' }, tags: [] },
        { output: { text: ' Second' }, tags: [] },
        { output: { text: 'Third ' }, tags: ['correct'] },
        { output: { text: 'Fourth' }, tags: [] },
      ],
      split: 'valid',
    });
  });
});

describe('the med_mcqa files', () => {
  it('are the unpacked archive names HELM reads, with the Drive URL HELM downloads', () => {
    expect(MED_MCQA_SPLIT_FILES.map(({ split, file }) => [split, file.name, file.url])).toEqual([
      ['train', 'train.json', MED_MCQA_DOWNLOAD_URL],
      ['valid', 'dev.json', MED_MCQA_DOWNLOAD_URL],
    ]);
    expect(MED_MCQA_DOWNLOAD_URL).toBe(
      'https://drive.google.com/uc?export=download&id=15VkJdq5eyWIkfb_aoD3oS8i4tScbHYky&confirm=t',
    );
  });

  it('have fixtures resolved next to the package from src/ (and so from dist/)', () => {
    for (const { file } of MED_MCQA_SPLIT_FILES) {
      expect(file.samplePath).toBe(join(packageData, file.name));
    }
  });

  it('load from a --data-dir holding the unpacked archive: train, then dev as valid', async () => {
    const instances = await loadFrom(packageData);
    expect(instances.map((instance) => instance.split)).toEqual([
      ...Array<string>(10).fill('train'),
      ...Array<string>(10).fill('valid'),
    ]);
    // The first train line of the fixture, read by hand: cop 2.
    expect(instances[0]).toEqual({
      input: { text: 'Which nerve supplies the deltoid muscle?' },
      references: [
        { output: { text: 'Radial nerve' }, tags: [] },
        { output: { text: 'Axillary nerve' }, tags: ['correct'] },
        { output: { text: 'Musculocutaneous nerve' }, tags: [] },
        { output: { text: 'Suprascapular nerve' }, tags: [] },
      ],
      split: 'train',
    });
  });

  it('hold every upstream field with its upstream type on every line', () => {
    for (const { file } of MED_MCQA_SPLIT_FILES) {
      const lines = readFileSync(file.samplePath ?? '', 'utf8').split('\n');
      expect(lines.pop()).toBe('');
      expect(lines).toHaveLength(10);
      for (const line of lines) {
        const row = JSON.parse(line) as Record<string, unknown>;
        // The key order of the upstream README's example row.
        expect(Object.keys(row)).toEqual([
          'question',
          'exp',
          'cop',
          'opa',
          'opb',
          'opc',
          'opd',
          'subject_name',
          'topic_name',
          'id',
          'choice_type',
        ]);
        expect([1, 2, 3, 4]).toContain(row.cop);
        expect(['single', 'multi']).toContain(row.choice_type);
        expect(row.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
        for (const field of ['question', 'opa', 'opb', 'opc', 'opd', 'subject_name']) {
          expect(typeof row[field]).toBe('string');
        }
        for (const field of ['exp', 'topic_name']) {
          expect(row[field] === null || typeof row[field] === 'string').toBe(true);
        }
      }
    }
  });
});

describe('malformed med_mcqa data', () => {
  let scratch: string;
  beforeEach(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'medhelm-med-mcqa-'));
    await cp(packageData, scratch, { recursive: true });
  });
  afterEach(async () => {
    await rm(scratch, { recursive: true, force: true });
  });

  const devFile = () => join(scratch, 'dev.json');
  const good = {
    question: 'q?',
    exp: null,
    cop: 1,
    opa: 'a',
    opb: 'b',
    opc: 'c',
    opd: 'd',
    subject_name: 'Anatomy',
    topic_name: null,
    id: 'x',
    choice_type: 'single',
  };

  /** Replaces dev.json's fifth line and returns the load error. */
  async function failure(line: string): Promise<DatasetLoadError> {
    const lines = readFileSync(devFile(), 'utf8').split('\n');
    lines[4] = line;
    await writeFile(devFile(), lines.join('\n'));
    const error = await loadFrom(scratch).then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(DatasetLoadError);
    return error as DatasetLoadError;
  }

  it.each([
    ['0', 0],
    ['5', 5],
    ['the string "2"', '2'],
    ['null', null],
  ])('names the file, line and field of a cop of %s', async (_what, cop) => {
    const error = await failure(JSON.stringify({ ...good, cop }));
    const file = devFile();
    expect(error.location).toEqual({ file, line: 5, field: 'cop' });
    expect(error.message).toContain(`${file}, line 5, field "cop": expected the number 1, 2, 3 or 4`);
  });

  it('names a missing cop (as in the unreleased test.json)', async () => {
    const { cop: _dropped, ...missing } = good;
    const error = await failure(JSON.stringify(missing));
    expect(error.location).toMatchObject({ line: 5, field: 'cop' });
  });

  it('names an option that is not a string', async () => {
    const error = await failure(JSON.stringify({ ...good, opc: null }));
    expect(error.location).toMatchObject({ line: 5, field: 'opc' });
  });

  it('reports a line that is not JSON with its line', async () => {
    const error = await failure('{"question":"q?",');
    expect(error.location).toEqual({ file: devFile(), line: 5 });
    expect(error.message).toContain('Invalid JSON');
  });

  it('says so when the Drive zip stands where train.json should be', async () => {
    await writeFile(
      join(scratch, 'train.json'),
      Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(60)]),
    );
    const error = await loadFrom(scratch).then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(DatasetLoadError);
    expect((error as DatasetLoadError).message).toContain('ZIP archive');
  });
});
