import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatasetLoadError, type Instance } from '@medhelm/core';
import { createFileResolver } from '@medhelm/datasets';
import { buildZipArchive, findFidelityDirectory } from '@medhelm/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHeadQaDataset, HEAD_QA_FILE } from './head-qa-dataset.ts';
import { headQaExamSchema, headQaInstance, headQaRows } from './head-qa-instance.ts';

const fidelityDirectory = findFidelityDirectory(['data/head_qa/test_HEAD_EN.json']);
const dataset = createHeadQaDataset();
const samplePath = HEAD_QA_FILE.samplePath ?? '';

async function loadFrom(directory: string): Promise<Instance[]> {
  const instances: Instance[] = [];
  const resolveFile = createFileResolver({
    benchmarkId: 'head_qa',
    source: { kind: 'directory', path: directory },
  });
  for await (const instance of dataset.load({ resolveFile })) instances.push(instance);
  return instances;
}

/** Python's `json.dumps(value)` with default settings, as upstream serializes HEAD-QA. */
function pythonJsonDumps(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return pythonJsonString(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return `[${value.map(pythonJsonDumps).join(', ')}]`;
  const members = Object.entries(value as Record<string, unknown>).map(
    ([key, member]) => `${pythonJsonString(key)}: ${pythonJsonDumps(member)}`,
  );
  return `{${members.join(', ')}}`;
}

const SHORT_ESCAPES: Record<string, string> = {
  '"': '\\"',
  '\\': '\\\\',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
  '\b': '\\b',
  '\f': '\\f',
};

// ensure_ascii: everything outside space..tilde is \uXXXX (UTF-16 units, lowercase hex).
function pythonJsonString(text: string): string {
  let out = '"';
  for (let index = 0; index < text.length; index++) {
    const char = text[index] as string;
    const code = text.charCodeAt(index);
    out +=
      SHORT_ESCAPES[char] ?? (code < 0x20 || code > 0x7e ? `\\u${code.toString(16).padStart(4, '0')}` : char);
  }
  return `${out}"`;
}

describe('headQaRows and headQaInstance', () => {
  const exam = headQaExamSchema.parse({
    name: ' Cuaderno_2016_1_M\n',
    data: [
      {
        qid: ' 027 ',
        qtext: '\u00a0Which one?\u2003\u001f',
        ra: '2',
        answers: [
          { aid: 1, atext: ' First.\u200b ' },
          { aid: 2, atext: '\tSecond.\n' },
        ],
        image: ' ',
      },
      { qid: '+1_5', qtext: 'Look:', ra: '1', answers: [{ aid: 1, atext: 'It.' }], image: './img.png ' },
    ],
    category: 'medicine ',
    year: ' 2016',
  });

  it('turns an exam into the loading script rows: Python strip, int() ids, None for a blank image', () => {
    expect(headQaRows(exam)).toEqual([
      {
        name: 'Cuaderno_2016_1_M',
        year: '2016',
        category: 'medicine',
        qid: 27,
        qtext: 'Which one?',
        ra: 2,
        image: null,
        // U+200B is not whitespace for Python, so it stays.
        answers: [
          { aid: 1, atext: 'First.\u200b' },
          { aid: 2, atext: 'Second.' },
        ],
      },
      {
        name: 'Cuaderno_2016_1_M',
        year: '2016',
        category: 'medicine',
        qid: 15,
        qtext: 'Look:',
        ra: 1,
        image: './img.png',
        answers: [{ aid: 1, atext: 'It.' }],
      },
    ]);
  });

  it('builds HELM input, references in answers order with aid == ra correct, and extra data', () => {
    const [row] = headQaRows(exam);
    const instance = headQaInstance(row as NonNullable<typeof row>);
    expect(instance).toEqual({
      input: { text: 'Which one?' },
      references: [
        { output: { text: 'First.\u200b' }, tags: [] },
        { output: { text: 'Second.' }, tags: ['correct'] },
      ],
      split: 'test',
      extraData: { id: 27, name: 'Cuaderno_2016_1_M', category: 'medicine', year: '2016' },
    });
    expect(Object.keys(instance.extraData ?? {})).toEqual(['id', 'name', 'category', 'year']);
  });

  it('keeps a question whose ra matches no aid, with no correct reference, as HELM does', () => {
    const [row] = headQaRows(exam);
    const instance = headQaInstance({ ...(row as NonNullable<typeof row>), ra: 0 });
    expect(instance.references.map((reference) => reference.tags)).toEqual([[], []]);
  });
});

describe('exam order', () => {
  let scratch: string;
  beforeEach(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'medhelm-head-qa-order-'));
  });
  afterEach(async () => {
    await rm(scratch, { recursive: true, force: true });
  });

  const examNamed = (name: string) => ({
    name,
    year: '2016',
    category: 'biology',
    data: [{ qid: '1', qtext: `question of ${name}`, ra: '1', image: '', answers: [{ aid: 1, atext: 'a' }] }],
  });
  const names = async (text: string) => {
    await writeFile(join(scratch, 'test_HEAD_EN.json'), text);
    return (await loadFrom(scratch)).map((instance) => instance.extraData?.name);
  };

  it("keeps file order for integer-like names, as Python's dict does", async () => {
    const exams = ['b', '10', '2', 'a"'].map(
      (name) => `${JSON.stringify(name)}: ${JSON.stringify(examNamed(name))}`,
    );
    const text = `{"version": "1.0", "exams": {${exams.join(', ')}}}`;
    expect(Object.keys((JSON.parse(text) as { exams: object }).exams)).toEqual(['2', '10', 'b', 'a"']);
    expect(await names(text)).toEqual(['b', '10', '2', 'a"']);
  });

  it('keeps the first position of a repeated name and reads the last "exams" member', async () => {
    const [x, a, b1, b2] = [examNamed('x'), examNamed('a'), examNamed('b1'), examNamed('b2')].map((exam) =>
      JSON.stringify(exam),
    );
    const text = `{"exams": {"x": ${x}}, "exams": {"b": ${b1}, "a": ${a}, "b": ${b2}}}`;
    expect(await names(text)).toEqual(['b2', 'a']);
  });
});

describe('the bundled sample', () => {
  it('is resolved next to the package from src/ (and so from dist/)', () => {
    expect(samplePath).toBe(join(import.meta.dirname, '..', 'data', 'test_HEAD_EN.json'));
  });

  it('skips the two questions with an image (the first of each medicine exam)', async () => {
    const sample = JSON.parse(readFileSync(samplePath, 'utf8')) as {
      exams: Record<string, { data: { qid: string; image: string }[] }>;
    };
    const withImage = Object.entries(sample.exams).flatMap(([name, exam]) =>
      exam.data.filter((question) => question.image !== '').map((question) => `${name}/${question.qid}`),
    );
    expect(withImage).toEqual(['Cuaderno_2016_1_M/27', 'Cuaderno_2017_1_M/27']);
    const instances = await loadFrom(join(samplePath, '..'));
    expect(instances).toHaveLength(22);
    const loaded = instances.map((instance) => `${instance.extraData?.name}/${instance.extraData?.id}`);
    expect(loaded).not.toContain('Cuaderno_2016_1_M/27');
    expect(loaded).toContain('Cuaderno_2016_1_M/45');
  });

  it.skipIf(fidelityDirectory === undefined)(
    'is the first 2 questions of every exam of the shared sample, serialized like upstream',
    () => {
      const sharedText = readFileSync(
        join(fidelityDirectory ?? '', 'data', 'head_qa', 'test_HEAD_EN.json'),
        'utf8',
      );
      const shared = JSON.parse(sharedText) as { exams: Record<string, { data: unknown[] }> };
      // The serializer reproduces the shared (upstream-format) file exactly ...
      expect(pythonJsonDumps(shared)).toBe(sharedText);
      // ... and the sample is that file with each exam's question list cut to 2.
      const cut = {
        ...shared,
        exams: Object.fromEntries(
          Object.entries(shared.exams).map(([name, exam]) => [
            name,
            { ...exam, data: exam.data.slice(0, 2) },
          ]),
        ),
      };
      expect(readFileSync(samplePath, 'utf8')).toBe(pythonJsonDumps(cut));
    },
  );
});

describe('the downloaded release archive', () => {
  let scratch: string;
  beforeEach(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'medhelm-head-qa-zip-'));
  });
  afterEach(async () => {
    await rm(scratch, { recursive: true, force: true });
  });

  it('is read through its HEAD_EN/test_HEAD_EN.json when cached under the file name', async () => {
    const json = readFileSync(samplePath);
    const archive = buildZipArchive([
      { name: 'HEAD/test_HEAD.json', data: '{"exams": {}}', method: 'deflate' },
      { name: '__MACOSX/HEAD_EN/._test_HEAD_EN.json', data: 'junk', method: 'stored' },
      { name: 'HEAD_EN/test_HEAD_EN.json', data: json, method: 'deflate' },
    ]);
    await writeFile(join(scratch, 'test_HEAD_EN.json'), archive);
    const fromArchive = await loadFrom(scratch);
    expect(fromArchive).toEqual(await loadFrom(join(samplePath, '..')));
  });

  it('names the archive when it lacks the English test file', async () => {
    await writeFile(
      join(scratch, 'test_HEAD_EN.json'),
      buildZipArchive([{ name: 'HEAD/test_HEAD.json', data: '{}', method: 'stored' }]),
    );
    const error = await loadFrom(scratch).then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(DatasetLoadError);
    expect((error as DatasetLoadError).message).toContain('zip archive without HEAD_EN/test_HEAD_EN.json');
  });

  it('refuses a damaged archive entry, naming the archive and the entry', async () => {
    const path = join(scratch, 'test_HEAD_EN.json');
    await writeFile(
      path,
      buildZipArchive([{ name: 'HEAD_EN/test_HEAD_EN.json', data: '{"exams": {}}', crc: 0x12345678 }]),
    );
    const error = (await loadFrom(scratch).catch((reason: unknown) => reason)) as DatasetLoadError;
    expect(error).toBeInstanceOf(DatasetLoadError);
    expect(error.location).toEqual({ file: path });
    expect(error.message).toContain('ZIP member "HEAD_EN/test_HEAD_EN.json": CRC-32 mismatch');
  });

  it('reads a file that only starts like a zip archive as JSON, not as an archive', async () => {
    const path = join(scratch, 'test_HEAD_EN.json');
    await writeFile(path, 'PK');
    const error = (await loadFrom(scratch).catch((reason: unknown) => reason)) as DatasetLoadError;
    expect(error).toBeInstanceOf(DatasetLoadError);
    expect(error.message).toContain('Invalid JSON');
    expect(error.location).toEqual({ file: path, line: 1 });
  });

  it('reports rows inside the archive under the archive entry', async () => {
    const broken = Buffer.from('{"exams": {"E": {"name": "E", "year": "2016", "category": "x", "data": 3}}}');
    await writeFile(
      join(scratch, 'test_HEAD_EN.json'),
      buildZipArchive([{ name: 'HEAD_EN/test_HEAD_EN.json', data: broken, method: 'deflate' }]),
    );
    const error = (await loadFrom(scratch).catch((reason: unknown) => reason)) as DatasetLoadError;
    expect(error.location).toEqual({
      file: `${join(scratch, 'test_HEAD_EN.json')}!/HEAD_EN/test_HEAD_EN.json`,
      line: 1,
      row: 'E',
      field: 'data',
    });
  });
});

describe('malformed head_qa data', () => {
  let scratch: string;
  beforeEach(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'medhelm-head-qa-'));
  });
  afterEach(async () => {
    await rm(scratch, { recursive: true, force: true });
  });

  const question = {
    qid: '1',
    qtext: 'q?',
    ra: '1',
    answers: [
      { aid: 1, atext: 'a' },
      { aid: 2, atext: 'b' },
    ],
    image: '',
  };
  const exam = (data: unknown[]) => ({ name: 'Cuaderno_2016_1_B', data, category: 'biology', year: '2016' });

  async function failure(text: string): Promise<DatasetLoadError> {
    await writeFile(join(scratch, 'test_HEAD_EN.json'), text);
    const error = await loadFrom(scratch).then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(DatasetLoadError);
    return error as DatasetLoadError;
  }

  /** Two exams, one per line, so the second exam's problems are on line 3. */
  function twoExams(second: unknown): string {
    return `{"version": "1.0", "language": "en", "exams": {\n"Cuaderno_2016_1_B": ${JSON.stringify(exam([question]))},\n"Cuaderno_2016_1_E": ${JSON.stringify(second)}}}`;
  }

  it('names the file, line, exam and field of an ra that is not an integer', async () => {
    const error = await failure(twoExams(exam([question, { ...question, qid: '2', ra: 'C' }])));
    const file = join(scratch, 'test_HEAD_EN.json');
    expect(error.location).toEqual({ file, line: 3, row: 'Cuaderno_2016_1_E', field: 'data[1].ra' });
    expect(error.message).toContain(`${file}, line 3, row Cuaderno_2016_1_E, field "data[1].ra"`);
    expect(error.message).toContain('(got "C")');
  });

  it('refuses a qid written as a number (the loading script calls .strip() on it)', async () => {
    const error = await failure(twoExams(exam([{ ...question, qid: 7 }])));
    expect(error.location).toMatchObject({ row: 'Cuaderno_2016_1_E', field: 'data[0].qid' });
  });

  it('refuses a qid outside the int32 range of the Hugging Face column', async () => {
    const error = await failure(twoExams(exam([{ ...question, qid: '2147483648' }])));
    expect(error.location).toMatchObject({ field: 'data[0].qid' });
    expect(error.message).toContain('int32');
  });

  it('names an answer id that is not an integer', async () => {
    const error = await failure(twoExams(exam([{ ...question, answers: [{ aid: 1.5, atext: 'a' }] }])));
    expect(error.location).toMatchObject({ field: 'data[0].answers[0].aid' });
  });

  it('names a missing answer text', async () => {
    const error = await failure(twoExams(exam([{ ...question, answers: [{ aid: 1 }] }])));
    expect(error.location).toMatchObject({ field: 'data[0].answers[0].atext' });
  });

  it('names a missing image field, even on a question HELM would skip', async () => {
    const { image: _dropped, ...noImage } = question;
    const error = await failure(twoExams(exam([noImage])));
    expect(error.location).toMatchObject({ field: 'data[0].image' });
  });

  it('names a missing exam year', async () => {
    const { year: _dropped, ...noYear } = exam([question]);
    const error = await failure(twoExams(noYear));
    expect(error.location).toMatchObject({ line: 3, row: 'Cuaderno_2016_1_E', field: 'year' });
  });

  it('refuses a qid repeated within an exam, as Hugging Face does', async () => {
    const error = await failure(twoExams(exam([question, { ...question, qid: ' 01' }])));
    expect(error.location).toMatchObject({ field: 'data[1].qid' });
    expect(error.message).toContain('qid 1 already appeared at data[0]');
  });

  it('names "exams" when it is not an object', async () => {
    const error = await failure('{"version": "1.0", "exams": []}');
    expect(error.location).toMatchObject({ line: 1, field: 'exams' });
  });

  it('reports invalid JSON with its line', async () => {
    const error = await failure('{\n  "exams": {\n    "E": {"name": "E",}\n  }\n}');
    expect(error.location?.line).toBe(3);
  });
});
