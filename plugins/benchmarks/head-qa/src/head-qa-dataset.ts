import { open, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { cardDataSource } from '@medhelm/benchmark-recipes';
import { type DatasetFileV1, DatasetLoadError, type DatasetLoaderV1 } from '@medhelm/core';
import { defineFileDatasetLoader, parseJsonText, parseRow, readZipEntries } from '@medhelm/datasets';
import { pythonDictMembers } from '@medhelm/json';
import { z } from 'zod';
import { HEAD_QA_CARD } from './head-qa-card.ts';
import { headQaExamSchema, headQaInstance, headQaRows } from './head-qa-instance.ts';

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
  return defineFileDatasetLoader({
    ...cardDataSource(HEAD_QA_CARD),
    files: [HEAD_QA_FILE],
    async *read(path) {
      const { file, text } = await readTestJson(path);
      // Depth 2: the members of `exams`, in file order with their lines (JSON.parse would put
      // integer-like exam names first).
      const { value, span } = parseJsonText(file, text, { spanDepth: 2 });
      const root = parseRow(rootSchema, value, { file, line: 1 });
      // json.load keeps the last `exams` member, and a dict its names' first positions.
      const exams = span.members?.findLast((member) => member.key === 'exams')?.value.members ?? [];
      for (const { key: name, line } of pythonDictMembers(exams)) {
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
