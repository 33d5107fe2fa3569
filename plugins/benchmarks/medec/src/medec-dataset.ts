import { fileURLToPath } from 'node:url';
import { cardDataSource } from '@medhelm/benchmark-recipes';
import type { DatasetFileV1, DatasetLoaderV1 } from '@medhelm/core';
import { defineFileDatasetLoader, parseRow, readCsvRecords } from '@medhelm/datasets';
import { MEDEC_CARD } from './medec-card.ts';
import { medecInstance, medecRowSchema } from './medec-instance.ts';

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

/**
 * Reads the upstream MEDEC-MS test CSV and yields one `test` instance per row in file order,
 * skipping rows whose `Sentences` cell is empty (the upstream file ends in blank `,,,,,,,,` rows),
 * as HELM does. Like HELM (`open(path)` in text mode, then `csv.DictReader`), CRLF line breaks
 * inside quoted cells read as `\n`. A malformed row is a DatasetLoadError naming the file, line,
 * row and column.
 */
export function createMedecDataset(): DatasetLoaderV1 {
  return defineFileDatasetLoader({
    ...cardDataSource(MEDEC_CARD, MEDEC_REVISION),
    files: [MEDEC_FILE],
    async *read(path) {
      for await (const { record, line, row } of readCsvRecords(path)) {
        // HELM: `if not row.get("Sentences"): continue`, before reading any other column. A
        // missing column (undefined) is left to the schema, which names it.
        if (record.Sentences === '') continue;
        yield medecInstance(parseRow(medecRowSchema, record, { file: path, line, row }));
      }
    },
  });
}
