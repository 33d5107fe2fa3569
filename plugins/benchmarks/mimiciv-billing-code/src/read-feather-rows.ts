import { type FileHandle, open } from 'node:fs/promises';
import { DatasetLoadError } from '@medhelm/core';
import type { RecordBatch } from 'apache-arrow';

/** One row of a Feather file: its 1-based number and the values of the columns asked for. */
export interface FeatherRow {
  row: number;
  values: Record<string, unknown>;
}

const ARROW_FILE_MAGIC = 'ARROW1';
const FEATHER_V1_MAGIC = 'FEA1';

/**
 * Registers decoders for the two body codecs of the Arrow IPC format with apache-arrow, which
 * ships none: LZ4 frames (what pandas' `to_feather` writes by default, so the real
 * mimiciv_icd10.feather is LZ4-compressed) and Zstandard. A codec another package registered
 * first is left as it is.
 */
async function loadArrow(): Promise<typeof import('apache-arrow')> {
  // Loaded on first read, not with the plugin: every medhelm command loads the installed plugins,
  // and only a run of this benchmark reads a Feather file.
  const [arrow, lz4, zstd] = await Promise.all([import('apache-arrow'), import('lz4js'), import('fzstd')]);
  const { CompressionType, compressionRegistry } = arrow;
  if (compressionRegistry.get(CompressionType.LZ4_FRAME) === null) {
    compressionRegistry.set(CompressionType.LZ4_FRAME, { decode: (data) => aligned(lz4.decompress(data)) });
  }
  if (compressionRegistry.get(CompressionType.ZSTD) === null) {
    compressionRegistry.set(CompressionType.ZSTD, { decode: (data) => aligned(zstd.decompress(data)) });
  }
  return arrow;
}

/**
 * apache-arrow views a decompressed buffer in place (a BigInt64Array for an int64 column), which
 * needs an 8-byte-aligned offset; fzstd returns a view into its own, larger buffer at any offset
 * ("start offset of BigInt64Array should be a multiple of 8"), so such a view is copied.
 */
function aligned(bytes: Uint8Array): Uint8Array {
  return bytes.byteOffset % 8 === 0 ? bytes : bytes.slice();
}

/**
 * Reads a Feather v2 file (the Arrow IPC file format, as `pandas.DataFrame.to_feather` and
 * `pyarrow.feather.write_feather` write it, uncompressed, LZ4- or Zstandard-compressed) with
 * apache-arrow, one record batch at a time, and yields the values of `columns` row by row, in file
 * order. Strings come as strings, list cells as apache-arrow Vectors, nulls as null.
 *
 * A file that is not Feather v2 (Feather v1, which pandas still reads but apache-arrow cannot, an
 * Arrow stream, anything else), a missing column or a corrupt file is a DatasetLoadError naming
 * the file (and the column) and what to do.
 */
export async function* readFeatherRows(
  path: string,
  columns: readonly string[],
  signal?: AbortSignal,
): AsyncGenerator<FeatherRow> {
  const { RecordBatchReader } = await loadArrow();
  let handle: FileHandle;
  try {
    handle = await open(path, 'r');
  } catch (error) {
    throw new DatasetLoadError(`Cannot read the file: ${(error as Error).message}`, {
      cause: error,
      location: { file: path },
    });
  }
  try {
    await checkMagic(handle, path);
    const reader = await readOrFail(path, () => RecordBatchReader.from(handle));
    await readOrFail(path, () => reader.open());
    const names = reader.schema.fields.map((field) => field.name);
    for (const column of columns) {
      if (!names.includes(column)) {
        throw new DatasetLoadError(
          `The file has no column "${column}"; its columns are ${names.join(', ')}.`,
          {
            location: { file: path, field: column },
            hint: 'Use the mimiciv_icd10.feather the MIMIC-IV ICD-10 preprocessing writes (columns text and target, among others).',
          },
        );
      }
    }
    let row = 0;
    const batches = reader[Symbol.asyncIterator]();
    for (;;) {
      signal?.throwIfAborted();
      const next: IteratorResult<RecordBatch> = await readOrFail(path, () => batches.next());
      if (next.done === true) break;
      const batch = next.value;
      const vectors = columns.map((column) => [column, batch.getChild(column)] as const);
      for (let index = 0; index < batch.numRows; index++) {
        row += 1;
        const values: Record<string, unknown> = {};
        for (const [column, vector] of vectors) values[column] = vector?.get(index) ?? null;
        yield { row, values };
      }
    }
  } finally {
    await handle.close().catch(() => undefined);
  }
}

/** Checks the file's first bytes, so a Feather v1 or non-Arrow file gets a message that says so. */
async function checkMagic(handle: FileHandle, path: string): Promise<void> {
  const head = Buffer.alloc(8);
  const { bytesRead } = await handle.read(head, 0, head.length, 0);
  const text = head.subarray(0, bytesRead).toString('latin1');
  if (text.startsWith(ARROW_FILE_MAGIC)) return;
  if (text.startsWith(FEATHER_V1_MAGIC)) {
    throw new DatasetLoadError(
      'This is a Feather v1 file, which apache-arrow (JavaScript) cannot read; pandas can, so HELM would.',
      {
        location: { file: path },
        hint: "Rewrite it as Feather v2 once: python -c \"import pandas as p; p.read_feather('IN').to_feather('OUT')\".",
      },
    );
  }
  throw new DatasetLoadError(
    'Not a Feather v2 file (an Arrow IPC file starts with "ARROW1"); HELM reads it with pandas.read_feather.',
    {
      location: { file: path },
      hint: 'Point the run at the mimiciv_icd10.feather file itself, not a copy in another format.',
    },
  );
}

/** Runs an apache-arrow read, turning its errors (corrupt file, unknown codec) into DatasetLoadErrors. */
async function readOrFail<T>(path: string, read: () => Promise<T> | T): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (DatasetLoadError.isInstance(error)) throw error;
    throw new DatasetLoadError(`Cannot read the Feather (Arrow IPC) file: ${(error as Error).message}`, {
      cause: error,
      location: { file: path },
    });
  }
}
