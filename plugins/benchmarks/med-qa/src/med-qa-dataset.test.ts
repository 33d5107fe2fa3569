import { readFileSync } from 'node:fs';
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatasetLoadError, type Instance } from '@medhelm/core';
import { createFileResolver } from '@medhelm/datasets';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMedQaDataset, MED_QA_DOWNLOAD_URL, MED_QA_SPLIT_FILES } from './med-qa-dataset.ts';
import { cleanMedQaOption, medQaInstance, medQaRowSchema } from './med-qa-instance.ts';

const dataset = createMedQaDataset();
const packageData = join(import.meta.dirname, '..', 'data');
const QUESTIONS = 'data_clean/questions/US/4_options';

async function loadFrom(directory: string): Promise<Instance[]> {
  const instances: Instance[] = [];
  const resolveFile = createFileResolver({
    benchmarkId: 'med_qa',
    source: { kind: 'directory', path: directory },
  });
  for await (const instance of dataset.load({ resolveFile })) instances.push(instance);
  return instances;
}

describe('cleanMedQaOption', () => {
  // HELM: answer.rstrip('"').rstrip()
  it.each([
    ['Pulmonary embolism\n"', 'Pulmonary embolism'],
    ['Nitrofurantoin', 'Nitrofurantoin'],
    ['Trailing space \t', 'Trailing space'],
    ['Say "no"', 'Say "no'],
    ['Quote then newline"\n', 'Quote then newline"'],
    ['Non-breaking\u00a0', 'Non-breaking'],
    ['""', ''],
  ])('cleans %j to %j', (raw, cleaned) => {
    expect(cleanMedQaOption(raw)).toBe(cleaned);
  });
});

describe('medQaInstance', () => {
  it('builds the input, the cleaned references in key order and the correct tag from answer_idx', () => {
    const row = medQaRowSchema.parse({
      question: 'Which one? ',
      answer: 'Second',
      options: { A: 'First', B: 'Second"', C: 'Third ', D: 'Fourth' },
      meta_info: 'step1',
      answer_idx: 'B',
      metamap_phrases: ['one'],
    });
    expect(medQaInstance(row, 'valid')).toEqual({
      input: { text: 'Which one? ' },
      references: [
        { output: { text: 'First' }, tags: [] },
        { output: { text: 'Second' }, tags: ['correct'] },
        { output: { text: 'Third' }, tags: [] },
        { output: { text: 'Fourth' }, tags: [] },
      ],
      split: 'valid',
    });
  });

  it('keeps the file order of the option keys, whatever their names', () => {
    const row = medQaRowSchema.parse({
      question: 'q',
      options: { D: 'd', B: 'b', A: 'a', C: 'c' },
      answer_idx: 'A',
    });
    expect(medQaInstance(row, 'test').references.map((reference) => reference.output.text)).toEqual([
      'd',
      'b',
      'a',
      'c',
    ]);
  });
});

describe('the med_qa files', () => {
  it('are the unpacked archive paths HELM reads, with the Drive URL HELM downloads', () => {
    expect(MED_QA_SPLIT_FILES.map(({ split, file }) => [split, file.name, file.url])).toEqual([
      ['train', `${QUESTIONS}/phrases_no_exclude_train.jsonl`, MED_QA_DOWNLOAD_URL],
      ['valid', `${QUESTIONS}/phrases_no_exclude_dev.jsonl`, MED_QA_DOWNLOAD_URL],
      ['test', `${QUESTIONS}/phrases_no_exclude_test.jsonl`, MED_QA_DOWNLOAD_URL],
    ]);
    expect(MED_QA_DOWNLOAD_URL).toBe(
      'https://drive.google.com/uc?export=download&id=1ImYUSLk9JbgHXOemfvyiDiirluZHPeQw&confirm=t',
    );
  });

  it('have fixtures resolved next to the package from src/ (and so from dist/), laid out as unpacked', () => {
    for (const { file } of MED_QA_SPLIT_FILES) {
      expect(file.samplePath).toBe(join(packageData, file.name));
    }
  });

  it('load from a --data-dir holding the unpacked archive: train, then dev as valid, then test', async () => {
    const instances = await loadFrom(packageData);
    expect(instances.map((instance) => instance.split)).toEqual([
      ...Array<string>(10).fill('train'),
      ...Array<string>(10).fill('valid'),
      ...Array<string>(10).fill('test'),
    ]);
    // The first dev line of the fixture, read by hand: answer_idx "C" of four options.
    expect(instances[10]).toEqual({
      input: {
        text: 'A 58-year-old man has crushing chest pain for 40 minutes. ECG shows ST elevation in leads II, III and aVF. Which coronary artery is most likely occluded?',
      },
      references: [
        { output: { text: 'Left anterior descending artery' }, tags: [] },
        { output: { text: 'Left circumflex artery' }, tags: [] },
        { output: { text: 'Right coronary artery' }, tags: ['correct'] },
        { output: { text: 'Left main coronary artery' }, tags: [] },
      ],
      split: 'valid',
    });
  });

  it('hold every upstream field with its upstream type on every line', () => {
    for (const { file } of MED_QA_SPLIT_FILES) {
      const lines = readFileSync(file.samplePath ?? '', 'utf8').split('\n');
      expect(lines.pop()).toBe('');
      expect(lines).toHaveLength(10);
      for (const line of lines) {
        const row = JSON.parse(line) as Record<string, unknown>;
        expect(Object.keys(row)).toEqual([
          'question',
          'answer',
          'options',
          'meta_info',
          'answer_idx',
          'metamap_phrases',
        ]);
        const options = row.options as Record<string, string>;
        expect(Object.keys(options)).toEqual(['A', 'B', 'C', 'D']);
        expect(row.answer).toBe(options[row.answer_idx as string]);
        expect(['step1', 'step2&3']).toContain(row.meta_info);
        expect(row.metamap_phrases).toEqual(expect.arrayContaining([expect.any(String)]));
      }
    }
  });
});

describe('malformed med_qa data', () => {
  let scratch: string;
  beforeEach(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'medhelm-med-qa-'));
    await cp(packageData, scratch, { recursive: true });
  });
  afterEach(async () => {
    await rm(scratch, { recursive: true, force: true });
  });

  const testFile = () => join(scratch, QUESTIONS, 'phrases_no_exclude_test.jsonl');
  const good = {
    question: 'q?',
    answer: 'b',
    options: { A: 'a', B: 'b', C: 'c', D: 'd' },
    meta_info: 'step1',
    answer_idx: 'B',
    metamap_phrases: ['q'],
  };

  /** Replaces the test file's third line and returns the load error. */
  async function failure(line: string): Promise<DatasetLoadError> {
    const lines = readFileSync(testFile(), 'utf8').split('\n');
    lines[2] = line;
    await writeFile(testFile(), lines.join('\n'));
    const error = await loadFrom(scratch).then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(DatasetLoadError);
    return error as DatasetLoadError;
  }

  it('names the file, line and field of an answer_idx that is not an option key', async () => {
    const error = await failure(JSON.stringify({ ...good, answer_idx: 'E' }));
    const file = testFile();
    expect(error.location).toEqual({ file, line: 3, field: 'answer_idx' });
    expect(error.message).toContain(`${file}, line 3, field "answer_idx": "E" is not one of the option keys`);
  });

  it('names options when there are not 4 of them, as HELM asserts', async () => {
    const error = await failure(JSON.stringify({ ...good, options: { ...good.options, E: 'e' } }));
    expect(error.location).toMatchObject({ line: 3, field: 'options' });
    expect(error.message).toContain('expected 4 options, found 5');
  });

  it('names an option that is not a string', async () => {
    const error = await failure(JSON.stringify({ ...good, options: { ...good.options, C: 3 } }));
    expect(error.location).toMatchObject({ line: 3, field: 'options.C' });
  });

  it('refuses integer-like option keys, whose file order JSON.parse would not keep', async () => {
    const error = await failure(
      '{"question": "q?", "options": {"2": "b", "1": "a", "3": "c", "4": "d"}, "answer_idx": "1"}',
    );
    expect(error.location).toMatchObject({ line: 3, field: 'options' });
    expect(error.message).toContain('integer-like');
  });

  it('names a missing question', async () => {
    const { question: _dropped, ...missing } = good;
    const error = await failure(JSON.stringify(missing));
    expect(error.location).toMatchObject({ line: 3, field: 'question' });
  });

  it('reports a line that is not JSON with its line', async () => {
    const error = await failure('{"question": "q?",');
    expect(error.location).toEqual({ file: testFile(), line: 3 });
    expect(error.message).toContain('Invalid JSON');
  });

  it('names the file to obtain when a split file is missing from the data directory', async () => {
    await rm(join(scratch, QUESTIONS, 'phrases_no_exclude_train.jsonl'));
    const error = await loadFrom(scratch).then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(DatasetLoadError);
    expect((error as DatasetLoadError).message).toContain(`${QUESTIONS}/phrases_no_exclude_train.jsonl`);
  });
});
