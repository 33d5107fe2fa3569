import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatasetLoadError, type Instance } from '@medhelm/core';
import { createFileResolver } from '@medhelm/datasets';
import { findFidelityDirectory } from '@medhelm/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ACI_BENCH_TEST_FILES, ACI_BENCH_TRAIN_FILE, createAciBenchDataset } from './aci-bench-dataset.ts';
import { aciBenchInstance } from './aci-bench-instance.ts';

const fidelityDirectory = findFidelityDirectory(['data/aci_bench']);
const dataset = createAciBenchDataset();
const allFiles = [ACI_BENCH_TRAIN_FILE, ...ACI_BENCH_TEST_FILES];

async function loadFrom(directory: string): Promise<Instance[]> {
  const instances: Instance[] = [];
  const resolveFile = createFileResolver({
    benchmarkId: 'aci_bench',
    source: { kind: 'directory', path: directory },
  });
  for await (const instance of dataset.load({ resolveFile })) instances.push(instance);
  return instances;
}

describe('aciBenchInstance', () => {
  it('prefixes the dialogue and keeps the note as the one correct reference', () => {
    expect(
      aciBenchInstance({ src: '[doctor] hi .\n[patient] hello .', tgt: 'CHIEF COMPLAINT\n\nCough.' }, 'test'),
    ).toEqual({
      input: { text: 'Doctor-patient dialogue:\n\n[doctor] hi .\n[patient] hello .' },
      references: [{ output: { text: 'CHIEF COMPLAINT\n\nCough.' }, tags: ['correct'] }],
      split: 'test',
    });
  });
});

describe('the upstream files', () => {
  it("are HELM's URLs at the pinned commit, train first, then the test files in HELM's order", () => {
    const prefix =
      'https://raw.githubusercontent.com/wyim/aci-bench/e75b383172195414a7a68843ec4876e83e5409f7/data/challenge_data_json/';
    expect(dataset.files.map((file) => file.url)).toEqual([
      `${prefix}train_full.json`,
      `${prefix}clinicalnlp_taskB_test1_full.json`,
      `${prefix}clef_taskC_test3_full.json`,
      `${prefix}clinicalnlp_taskC_test2_full.json`,
    ]);
    expect(dataset.files.map((file) => file.name)).toEqual(
      dataset.files.map((file) => (file.url ?? '').slice((file.url ?? '').indexOf('challenge_data_json/'))),
    );
  });
});

describe('the bundled sample', () => {
  it('is resolved next to the package from src/ (and so from dist/)', () => {
    for (const file of allFiles) {
      expect(file.samplePath).toBe(join(import.meta.dirname, '..', 'data', file.name));
    }
  });

  it('loads 5 train encounters, then 5 test encounters of each test file in that order', async () => {
    const instances: Instance[] = [];
    const resolveFile = createFileResolver({ benchmarkId: 'aci_bench', source: { kind: 'sample' } });
    for await (const instance of dataset.load({ resolveFile })) instances.push(instance);
    expect(instances.map((instance) => instance.split)).toEqual([
      ...Array<string>(5).fill('train'),
      ...Array<string>(15).fill('test'),
    ]);
    // The first test encounter is the first one of clinicalnlp_taskB_test1_full.json.
    const taskB = JSON.parse(readFileSync(ACI_BENCH_TEST_FILES[0]?.samplePath ?? '', 'utf8')) as {
      data: { src: string; tgt: string }[];
    };
    expect(instances[5]?.input.text).toBe(`Doctor-patient dialogue:\n\n${taskB.data[0]?.src}`);
    expect(instances[5]?.references[0]?.output.text).toBe(taskB.data[0]?.tgt);
  });

  it.skipIf(fidelityDirectory === undefined)(
    'is the first 5 encounters of each shared sample file, byte for byte',
    () => {
      for (const file of allFiles) {
        const sampleText = readFileSync(file.samplePath ?? '', 'utf8');
        const sharedText = readFileSync(
          join(fidelityDirectory ?? '', 'data', 'aci_bench', file.name),
          'utf8',
        );
        // Serialized as upstream (json.dumps, indent 4, ASCII-escaped, no final newline): the sample is
        // the shared file cut before its 6th encounter and closed again.
        const entryStarts = [...sharedText.matchAll(/^ {8}\{$/gm)].map((match) => match.index);
        const cut = entryStarts[5];
        expect(cut).toBeDefined();
        expect(sampleText).toBe(`${sharedText.slice(0, cut).replace(/,\n$/, '\n')}    ]\n}`);
      }
    },
  );
});

describe('malformed aci_bench data', () => {
  let scratch: string;
  beforeEach(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'medhelm-aci-bench-'));
    await mkdir(join(scratch, 'challenge_data_json'));
    for (const file of allFiles) {
      await writeFile(join(scratch, file.name), readFileSync(file.samplePath ?? ''));
    }
  });
  afterEach(async () => {
    await rm(scratch, { recursive: true, force: true });
  });

  async function failure(fileName: string, edit: (text: string) => string): Promise<DatasetLoadError> {
    const path = join(scratch, 'challenge_data_json', fileName);
    const original = readFileSync(path, 'utf8');
    const edited = edit(original);
    expect(edited).not.toBe(original);
    await writeFile(path, edited);
    const error = await loadFrom(scratch).then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(DatasetLoadError);
    return error as DatasetLoadError;
  }

  it('names the file, line, encounter and field of a missing tgt', async () => {
    const error = await failure('clef_taskC_test3_full.json', (text) => {
      // The third encounter's "tgt" key is renamed.
      let seen = 0;
      return text.replace(/^ {12}"tgt": /gm, (match) => (++seen === 3 ? '            "note": ' : match));
    });
    const file = join(scratch, 'challenge_data_json', 'clef_taskC_test3_full.json');
    const entryLines = readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((text, index) => (text === '        {' ? [index + 1] : []));
    const line = entryLines[2];
    expect(error.location).toEqual({ file, line, row: 3, field: 'tgt' });
    expect(error.message).toContain(`${file}, line ${line}, row 3, field "tgt"`);
  });

  it('names a src that is not a string', async () => {
    const error = await failure('train_full.json', (text) =>
      text.replace(/^ {12}"src": "[^\n]*",$/m, '            "src": 42,'),
    );
    expect(error.location).toMatchObject({ line: 3, row: 1, field: 'src' });
    expect(error.message).toContain('(got 42)');
  });

  it('names a file without a "data" list', async () => {
    const error = await failure('clinicalnlp_taskC_test2_full.json', (text) =>
      text.replace('"data": [', '"rows": ['),
    );
    expect(error.location).toMatchObject({ line: 1, field: 'data' });
    expect(error.message).toContain('No "data" key');
  });

  it('reports invalid JSON with its line', async () => {
    const error = await failure('clinicalnlp_taskB_test1_full.json', (text) =>
      text.replace(/\n {4}\]\n\}$/, '\n    ,]\n}'),
    );
    const lineCount = readFileSync(
      join(scratch, 'challenge_data_json', 'clinicalnlp_taskB_test1_full.json'),
      'utf8',
    ).split('\n').length;
    expect(error.location?.line).toBe(lineCount - 1);
  });
});
