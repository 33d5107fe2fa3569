import { type FileHandle, open } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { cardDataSource } from '@medhelm/benchmark-recipes';
import {
  type DatasetFileV1,
  type DatasetLoadContextV1,
  DatasetLoadError,
  type DatasetLoaderV1,
  defineDatasetLoader,
} from '@medhelm/core';
import { parseRow, readJsonLines, readParquetRecords } from '@medhelm/datasets';
import { MEDHALLU_CARD } from './medhallu-card.ts';
import { medhalluInstances, medhalluRowSchema } from './medhallu-instance.ts';

/** The Hugging Face dataset HELM loads (`load_dataset(MEDHALLU_DATASET, "pqa_labeled", split="train")`). */
export const MEDHALLU_DATASET = 'UTAustin-AIHealth/MedHallu';

/** The revision of {@link MEDHALLU_DATASET} HELM pins. */
export const MEDHALLU_REVISION = '515060458a945c633debc6fd5baac7764416b724';

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
  alternativeTo: PARQUET_PATH,
  samplePath: fileURLToPath(new URL('../data/pqa_labeled/train-00000-of-00001.jsonl', import.meta.url)),
};

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
    ...cardDataSource(MEDHALLU_CARD, MEDHALLU_REVISION),
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
