import { type FileHandle, open } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import {
  type DatasetFileV1,
  type DatasetLoadContextV1,
  DatasetLoadError,
  type DatasetLoaderV1,
  defineDatasetLoader,
  type Instance,
  reference,
  TEST_SPLIT,
} from '@medhelm/core';
import { parseRow, readJsonLines, readParquetRecords } from '@medhelm/datasets';
import { pythonRepr } from '@medhelm/metrics';
import { z } from 'zod';

/** The Hugging Face dataset HELM loads (`load_dataset(MEDHALLU_DATASET, "pqa_labeled", split="train")`). */
export const MEDHALLU_DATASET = 'UTAustin-AIHealth/MedHallu';

/** The revision of {@link MEDHALLU_DATASET} HELM pins. */
export const MEDHALLU_REVISION = '515060458a945c633debc6fd5baac7764416b724';

/** HELM's reference labels: the ground-truth answer is factual ("0"), the other hallucinated ("1"). */
export const MEDHALLU_LABELS = { factual: '0', hallucinated: '1' } as const;

const PARQUET_PATH = 'pqa_labeled/train-00000-of-00001.parquet';

/**
 * The `pqa_labeled` train split as Hugging Face stores it at HELM's pinned revision (the file
 * `load_dataset` reads), in the Hugging Face layout, so a `--data-dir` holding a snapshot of the
 * dataset repository works as it is. No bundled sample: the package bundles {@link MEDHALLU_JSONL_FILE}.
 */
export const MEDHALLU_PARQUET_FILE: DatasetFileV1 = {
  name: PARQUET_PATH,
  url: `https://huggingface.co/datasets/${MEDHALLU_DATASET}/resolve/${MEDHALLU_REVISION}/${PARQUET_PATH}`,
  revision: MEDHALLU_REVISION,
};

/**
 * The same rows as JSON Lines (one object per row, the Parquet's columns as keys, `Knowledge` a
 * list of strings), the format of the project's shared sample and of the bundled 20-row sample.
 * Read only when {@link MEDHALLU_PARQUET_FILE} cannot be resolved. There is no upstream JSON Lines
 * file, so its URL is the Parquet's: a file downloaded from it is recognised as Parquet (by its
 * `PAR1` magic number) and read as such.
 */
export const MEDHALLU_JSONL_FILE: DatasetFileV1 = {
  name: 'pqa_labeled/train-00000-of-00001.jsonl',
  url: MEDHALLU_PARQUET_FILE.url,
  revision: MEDHALLU_REVISION,
  samplePath: fileURLToPath(new URL('../data/pqa_labeled/train-00000-of-00001.jsonl', import.meta.url)),
};

// HELM puts these values into an f-string: a missing value (None) would become the text "None".
const text = z.string({
  error: (issue) =>
    issue.input === null || issue.input === undefined
      ? 'missing: HELM would put the text "None" into the prompt'
      : `expected a string, got ${typeof issue.input}`,
});

/** The columns of a MedHallu row HELM reads; `Difficulty Level` and `Category of Hallucination` are ignored. */
export const medhalluRowSchema = z.object({
  Question: text,
  Knowledge: z.array(text, {
    error: (issue) =>
      issue.input === null || issue.input === undefined
        ? 'missing: HELM would put the text "None" into the prompt'
        : 'expected a list of strings',
  }),
  'Ground Truth': text,
  'Hallucinated Answer': text,
});
export type MedhalluRow = z.output<typeof medhalluRowSchema>;

/**
 * Python's `str(list_of_str)`, which HELM's f-string writes for `Knowledge`: `['a', "it's"]`. Each
 * element is Python's `repr`: single quotes, or double quotes when it contains `'` and no `"`;
 * backslashes, the quote, `\n`, `\r`, `\t` escaped; other non-printable characters (NBSP, thin
 * spaces...) as `\xhh`, `\uhhhh`; printable non-ASCII kept (`pythonRepr` of @medhelm/metrics).
 */
export function pythonStrListRepr(items: readonly string[]): string {
  return pythonRepr({ type: 'list', items: [...items] });
}

/**
 * HELM's `MedHalluScenario.create_instance`: the input
 * `"World Knowledge: {knowledge}\n\nQuestion: {question}\n\nAnswer: {answer}\n"` (knowledge as
 * the Python list repr), one reference, the label, tagged correct; split `test`.
 */
export function medhalluInstance(
  question: string,
  knowledge: readonly string[],
  answer: string,
  label: string,
): Instance {
  return {
    input: {
      text: `World Knowledge: ${pythonStrListRepr(knowledge)}\n\nQuestion: ${question}\n\nAnswer: ${answer}\n`,
    },
    references: [reference(label, true)],
    split: TEST_SPLIT,
  };
}

/**
 * The two instances HELM makes of a row, in its order: the ground-truth answer labelled "0", then
 * the hallucinated answer labelled "1". No ids: the engine numbers them `id0`, `id1`, ... as HELM does.
 */
export function medhalluInstances(row: MedhalluRow): [Instance, Instance] {
  return [
    medhalluInstance(row.Question, row.Knowledge, row['Ground Truth'], MEDHALLU_LABELS.factual),
    medhalluInstance(row.Question, row.Knowledge, row['Hallucinated Answer'], MEDHALLU_LABELS.hallucinated),
  ];
}

/** A raw row and where it was read, for error messages. */
interface RawRow {
  value: unknown;
  line?: number;
  row: number;
}

/**
 * The `pqa_labeled` train split of MedHallu at HELM's pinned revision, read from the Hugging Face
 * Parquet when it can be resolved, else from its JSON Lines twin (the only form bundled for
 * `--sample`); both give the same instances. Each row yields two `test` instances (ground truth
 * "0", then hallucinated answer "1"), rows in file order, as HELM does. A malformed row is a
 * DatasetLoadError naming the file, line (JSON Lines) or row, and field.
 */
export function createMedhalluDataset(): DatasetLoaderV1 {
  return defineDatasetLoader({
    access: 'public',
    license: 'MIT',
    upstream: { url: `https://huggingface.co/datasets/${MEDHALLU_DATASET}`, revision: MEDHALLU_REVISION },
    files: [MEDHALLU_PARQUET_FILE, MEDHALLU_JSONL_FILE],
    async *load(context) {
      const { path, parquet } = await resolveMedhalluFile(context);
      // A JSON Lines name holding Parquet bytes (e.g. downloaded from the shared URL) is read as Parquet.
      const rows =
        parquet || (await hasParquetMagic(path)) ? parquetRows(path, context.signal) : jsonLinesRows(path);
      for await (const { value, line, row } of rows) {
        context.signal?.throwIfAborted();
        const location = line === undefined ? { file: path, row } : { file: path, line, row };
        yield* medhalluInstances(parseRow(medhalluRowSchema, value, location));
      }
    },
  });
}

/** The Parquet when it can be resolved, else the JSON Lines twin; both failing names both. */
async function resolveMedhalluFile(
  context: DatasetLoadContextV1,
): Promise<{ path: string; parquet: boolean }> {
  let parquetError: DatasetLoadError;
  try {
    return { path: await context.resolveFile(MEDHALLU_PARQUET_FILE), parquet: true };
  } catch (error) {
    if (!DatasetLoadError.isInstance(error)) throw error;
    parquetError = error;
  }
  try {
    return { path: await context.resolveFile(MEDHALLU_JSONL_FILE), parquet: false };
  } catch (error) {
    if (!DatasetLoadError.isInstance(error)) throw error;
    throw new DatasetLoadError(
      `medhallu reads ${MEDHALLU_PARQUET_FILE.name} or its JSON Lines twin ${MEDHALLU_JSONL_FILE.name}, and neither is available. ${parquetError.message} ${error.message}`,
      { cause: parquetError, hint: parquetError.hint ?? error.hint },
    );
  }
}

const PARQUET_MAGIC = Buffer.from('PAR1');

async function hasParquetMagic(path: string): Promise<boolean> {
  let handle: FileHandle | undefined;
  try {
    handle = await open(path, 'r');
    const head = Buffer.alloc(PARQUET_MAGIC.length);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    return bytesRead === head.length && head.equals(PARQUET_MAGIC);
  } catch {
    // Unreadable: let the JSON Lines reader report it with the file name.
    return false;
  } finally {
    await handle?.close();
  }
}

async function* parquetRows(path: string, signal: AbortSignal | undefined): AsyncGenerator<RawRow> {
  for await (const { record, row } of readParquetRecords(path, { signal })) yield { value: record, row };
}

/** One JSON object per non-blank line (`readJsonLines` names the line of invalid JSON). */
async function* jsonLinesRows(path: string): AsyncGenerator<RawRow> {
  let row = 0;
  for await (const { line, value } of readJsonLines(path)) {
    row += 1;
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      throw new DatasetLoadError(`Expected one JSON object per line, found ${JSON.stringify(value)}.`, {
        location: { file: path, line, row },
      });
    }
    yield { value, line, row };
  }
}
