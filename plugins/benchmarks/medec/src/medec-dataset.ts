import { fileURLToPath } from 'node:url';
import {
  type DatasetFileV1,
  type DatasetLoaderV1,
  defineDatasetLoader,
  type Instance,
  reference,
  TEST_SPLIT,
} from '@medhelm/core';
import { parseRow, readCsvRecords } from '@medhelm/datasets';
import { parsePythonInt, pythonStrip } from '@medhelm/python-text';
import { z } from 'zod';

/** The abachaa/MEDEC commit HELM downloads the MS test set from (`MedecScenario.GIT_HASH`). */
export const MEDEC_REVISION = '49c59dcba43a7af8717590a405b11a57f42b04df';

/** The upstream path of the MS test set inside the MEDEC repository. */
const MEDEC_TEST_PATH = 'MEDEC-MS/MEDEC-MS-TestSet-with-GroundTruth-and-ErrorType.csv';

/**
 * The MEDEC-MS test set with ground truth, exactly the URL HELM downloads (`MedecScenario.TEST_URL`;
 * HELM saves it as `medec_test.csv`). The name keeps the upstream folder, so a `--data-dir` holding
 * a checkout of the repository (or its `MEDEC-MS/` folder) is found as it is. The bundled sample
 * holds 21 real notes; `../data` resolves from both `src/` and `dist/`.
 */
export const MEDEC_FILE: DatasetFileV1 = {
  name: MEDEC_TEST_PATH,
  url: `https://raw.githubusercontent.com/abachaa/MEDEC/${MEDEC_REVISION}/${MEDEC_TEST_PATH}`,
  revision: MEDEC_REVISION,
  samplePath: fileURLToPath(new URL(`../data/${MEDEC_TEST_PATH}`, import.meta.url)),
};

/** What HELM expects from a note without a (usable) flagged error. */
export const MEDEC_NO_ERROR = 'CORRECT';

/**
 * The columns of a MEDEC row HELM reads; the others (Text ID, Text, Error Type, Error Sentence,
 * Corrected Text) are ignored. HELM would fall back to defaults for a missing column; a file
 * without one of these is not the MEDEC test set, so a missing column is an error here.
 */
export const medecRowSchema = z.object({
  Sentences: z.string(),
  // HELM: int(row["Error Flag"]). A value Python's int() refuses stops HELM's whole scenario.
  'Error Flag': z.string().transform((value, context) => {
    const flag = parsePythonInt(value);
    if (flag === undefined) {
      context.addIssue({ code: 'custom', message: 'expected an integer (Python int())' });
      return z.NEVER;
    }
    return flag;
  }),
  'Error Sentence ID': z.string().transform((value) => pythonStrip(value)),
  'Corrected Sentence': z.string().transform((value) => pythonStrip(value)),
});
export type MedecRow = z.output<typeof medecRowSchema>;

/**
 * HELM's MedecScenario instance for one row with non-empty `Sentences`: input `Sentences.strip()`;
 * one correct reference, `"<Error Sentence ID> <Corrected Sentence>"` (both stripped) when the
 * Error Flag is 1, the corrected sentence is not `NA` and the id is not `-1`, else `CORRECT`
 * (any other flag value, 2 say, also gives `CORRECT`, as in HELM). No id: the engine numbers
 * instances `id0`, `id1`, ... in file order, as HELM does.
 */
export function medecInstance(row: MedecRow): Instance {
  const sentenceId = row['Error Sentence ID'];
  const corrected = row['Corrected Sentence'];
  const hasError = row['Error Flag'] === 1n && corrected !== 'NA' && sentenceId !== '-1';
  return {
    input: { text: pythonStrip(row.Sentences) },
    references: [reference(hasError ? `${sentenceId} ${corrected}` : MEDEC_NO_ERROR, true)],
    split: TEST_SPLIT,
  };
}

/**
 * Reads the upstream MEDEC-MS test CSV and yields one `test` instance per row in file order,
 * skipping rows whose `Sentences` cell is empty (the upstream file ends in blank `,,,,,,,,` rows),
 * as HELM does. Like HELM (`open(path)` in text mode, then `csv.DictReader`), CRLF line breaks
 * inside quoted cells read as `\n`. A malformed row is a DatasetLoadError naming the file, line,
 * row and column.
 */
export function createMedecDataset(): DatasetLoaderV1 {
  return defineDatasetLoader({
    access: 'public',
    license: 'CC-BY-4.0',
    upstream: { url: 'https://github.com/abachaa/MEDEC', revision: MEDEC_REVISION },
    files: [MEDEC_FILE],
    async *load(context) {
      const path = await context.resolveFile(MEDEC_FILE);
      for await (const { record, line, row } of readCsvRecords(path)) {
        context.signal?.throwIfAborted();
        // HELM: `if not row.get("Sentences"): continue`, before reading any other column. A
        // missing column (undefined) is left to the schema, which names it.
        if (record.Sentences === '') continue;
        yield medecInstance(parseRow(medecRowSchema, record, { file: path, line, row }));
      }
    },
  });
}
