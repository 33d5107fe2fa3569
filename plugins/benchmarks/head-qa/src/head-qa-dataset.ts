import { open, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import {
  type DatasetFileV1,
  DatasetLoadError,
  type DatasetLoaderV1,
  defineDatasetLoader,
  type Instance,
  reference,
  TEST_SPLIT,
} from '@medhelm/core';
import { parseJsonText, parseRow, readZipEntries } from '@medhelm/datasets';
import { pythonDictMembers } from '@medhelm/json';
import { parsePythonInt, pythonStrip } from '@medhelm/python-text';
import { z } from 'zod';

/**
 * The HEAD-QA release archive Hugging Face's `head_qa` loading script downloads (its
 * dataset_infos.json records this URL, 79,365,502 bytes and this SHA-256). HELM loads
 * `dvilares/head_qa` with no revision; the archive is pinned here by its SHA-256.
 */
export const HEAD_QA_ARCHIVE_URL =
  'https://huggingface.co/datasets/dvilares/head_qa/resolve/main/data/head-qa-es-en-pdfs.zip';
export const HEAD_QA_ARCHIVE_SHA256 = '6ec29a3f55153d167f0bdf05395558919ba0b1df9c63e79ffceda2a09884ad8b';

/** Where the English test split sits inside the archive (the loading script's `HEAD_EN/test_HEAD_EN.json`). */
export const HEAD_QA_ARCHIVE_ENTRY = 'HEAD_EN/test_HEAD_EN.json';

/**
 * The English test split, `test_HEAD_EN.json`. A `--data-dir` holds it flat under that name (as
 * extracted from the archive's `HEAD_EN/` folder); a download caches the pinned archive under that
 * name and the loader reads the JSON out of it. The bundled sample is a real 24-question cut;
 * `../data` resolves from both `src/` and `dist/`.
 */
export const HEAD_QA_FILE: DatasetFileV1 = {
  name: 'test_HEAD_EN.json',
  url: HEAD_QA_ARCHIVE_URL,
  sha256: HEAD_QA_ARCHIVE_SHA256,
  samplePath: fileURLToPath(new URL('../data/test_HEAD_EN.json', import.meta.url)),
};

const INT32_MIN = -(2n ** 31n);
const INT32_MAX = 2n ** 31n - 1n;

/** The loading script's `int(text.strip())`, into a Hugging Face int32 column. */
const pythonInt32Text = z.string().transform((text, context) => {
  const value = parsePythonInt(pythonStrip(text));
  if (value === undefined) {
    context.addIssue({ code: 'custom', message: 'expected an integer (Python int() of the stripped text)' });
    return z.NEVER;
  }
  if (value < INT32_MIN || value > INT32_MAX) {
    context.addIssue({ code: 'custom', message: 'outside the int32 range of the Hugging Face column' });
    return z.NEVER;
  }
  return Number(value);
});

/** Python `str.strip()` of a string field, as the loading script does for every text. */
const strippedText = z.string().transform(pythonStrip);

/** One question of an exam, turned into the values the Hugging Face row holds. */
export const headQaQuestionSchema = z.object({
  qid: pythonInt32Text,
  qtext: strippedText,
  ra: pythonInt32Text,
  // The script keeps an image path only when the stripped field is non-empty (None otherwise).
  image: z.string().transform((text) => {
    const path = pythonStrip(text);
    return path === '' ? null : path;
  }),
  answers: z.array(
    z.object({
      aid: z.number().int().min(Number(INT32_MIN)).max(Number(INT32_MAX)),
      atext: strippedText,
    }),
  ),
});

/** One exam of `test_HEAD_EN.json` (`exams[<name>]`), with its fields as the loading script reads them. */
export const headQaExamSchema = z
  .object({
    name: strippedText,
    year: strippedText,
    category: strippedText,
    data: z.array(headQaQuestionSchema),
  })
  .superRefine((exam, context) => {
    // Hugging Face keys each row `<exam index>_<qid>` and refuses a repeated key.
    const seen = new Map<number, number>();
    exam.data.forEach((question, index) => {
      const first = seen.get(question.qid);
      if (first !== undefined) {
        context.addIssue({
          code: 'custom',
          path: ['data', index, 'qid'],
          message: `qid ${question.qid} already appeared at data[${first}]; Hugging Face's loader refuses repeated keys`,
        });
      } else seen.set(question.qid, index);
    });
  });
export type HeadQaExam = z.output<typeof headQaExamSchema>;

/** A row of Hugging Face's `dvilares/head_qa` (config `en`): one question with its exam's fields. */
export interface HeadQaRow {
  name: string;
  year: string;
  category: string;
  qid: number;
  qtext: string;
  ra: number;
  /** The image path, or null for a text-only question. */
  image: string | null;
  answers: { aid: number; atext: string }[];
}

/** The loading script's rows for one exam, in question order. */
export function headQaRows(exam: HeadQaExam): HeadQaRow[] {
  const { name, year, category } = exam;
  return exam.data.map((question) => ({ name, year, category, ...question }));
}

/**
 * HELM's HeadQAScenario instance for one text-only row: input = qtext; one reference per answer
 * in `answers` order, `correct` where `aid == ra`; extra data `{id: qid, name, category, year}`.
 * No id: the engine numbers instances `id0`, `id1`, ... in order, as HELM does.
 */
export function headQaInstance(row: HeadQaRow): Instance {
  return {
    input: { text: row.qtext },
    references: row.answers.map((answer) => reference(answer.atext, answer.aid === row.ra)),
    split: TEST_SPLIT,
    extraData: { id: row.qid, name: row.name, category: row.category, year: row.year },
  };
}

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

const rootSchema = z.object({ exams: z.record(z.string(), z.unknown()) });

/**
 * Reads `test_HEAD_EN.json` (or, when the resolved file is the downloaded release archive, its
 * `HEAD_EN/test_HEAD_EN.json`) and yields HELM's instances: exams in file order, questions in
 * order, rows with an image skipped, all in split `test`. Every question is validated, skipped or
 * not, as Hugging Face builds every row before HELM sees it. A malformed exam or question is a
 * DatasetLoadError naming the file, line, exam (row) and field, e.g. `data[3].ra`.
 */
export function createHeadQaDataset(): DatasetLoaderV1 {
  return defineDatasetLoader({
    access: 'public',
    license: 'MIT',
    upstream: { url: 'https://huggingface.co/datasets/dvilares/head_qa' },
    files: [HEAD_QA_FILE],
    async *load(context) {
      const path = await context.resolveFile(HEAD_QA_FILE);
      const { file, text } = await readTestJson(path);
      // Depth 2: the members of `exams`, in file order with their lines (JSON.parse would put
      // integer-like exam names first).
      const { value, span } = parseJsonText(file, text, { spanDepth: 2 });
      const root = parseRow(rootSchema, value, { file, line: 1 });
      // json.load keeps the last `exams` member, and a dict its names' first positions.
      const exams = span.members?.findLast((member) => member.key === 'exams')?.value.members ?? [];
      for (const { key: name, line } of pythonDictMembers(exams)) {
        context.signal?.throwIfAborted();
        const exam = parseRow(headQaExamSchema, root.exams[name], { file, line, row: name });
        for (const row of headQaRows(exam)) {
          // HELM's SKIP_VQA: questions with an image are left out.
          if (row.image !== null) continue;
          yield headQaInstance(row);
        }
      }
    },
  });
}

/** The JSON text and the name to report it under (the archive entry, when given the archive). */
async function readTestJson(path: string): Promise<{ file: string; text: string }> {
  let bytes: Buffer;
  let file = path;
  try {
    if (await startsLikeZip(path)) {
      // The cached download is the release archive itself; errors name the archive and the member.
      const archive = await readZipEntries(path);
      if (!archive.has(HEAD_QA_ARCHIVE_ENTRY)) {
        throw new DatasetLoadError(`The file is a zip archive without ${HEAD_QA_ARCHIVE_ENTRY}.`, {
          location: { file: path },
          hint: `Put the extracted ${HEAD_QA_ARCHIVE_ENTRY} into the data directory as ${HEAD_QA_FILE.name}.`,
        });
      }
      bytes = await archive.read(HEAD_QA_ARCHIVE_ENTRY);
      file = `${path}!/${HEAD_QA_ARCHIVE_ENTRY}`;
    } else {
      bytes = await readFile(path);
    }
  } catch (error) {
    if (DatasetLoadError.isInstance(error)) throw error;
    throw new DatasetLoadError(`Cannot read the file: ${(error as Error).message}`, {
      cause: error,
      location: { file: path },
    });
  }
  try {
    return { file, text: utf8.decode(bytes) };
  } catch (error) {
    throw new DatasetLoadError('The file is not valid UTF-8.', { cause: error, location: { file } });
  }
}

/** Whether the file starts like a zip archive: a local file header, `PK\x03\x04`. */
async function startsLikeZip(path: string): Promise<boolean> {
  const handle = await open(path, 'r');
  try {
    const head = Buffer.alloc(4);
    const { bytesRead } = await handle.read(head, 0, 4, 0);
    return bytesRead === 4 && head.readUInt32LE(0) === 0x04034b50;
  } finally {
    await handle.close();
  }
}
