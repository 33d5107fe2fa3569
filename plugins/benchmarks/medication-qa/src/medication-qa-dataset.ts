import { fileURLToPath } from 'node:url';
import { cardDataSource } from '@medhelm/benchmark-recipes';
import { type DatasetFileV1, DatasetLoadError, type DatasetLoaderV1 } from '@medhelm/core';
import { defineFileDatasetLoader, parseRow, readXlsxRows } from '@medhelm/datasets';
import { MEDICATION_QA_CARD } from './medication-qa-card.ts';
import { medicationQaInstance, medicationQaRowSchema } from './medication-qa-instance.ts';

/** The abachaa/Medication_QA_MedInfo2019 commit of the pinned workbook (HELM downloads `master`). */
export const MEDICATION_QA_REVISION = '8756adc5f4bb99f6bcff690a13921337d9f9bb7e';

/**
 * The MedInfo 2019 medication QA workbook, from the repository HELM downloads it from, pinned to a
 * commit (HELM reads `.../raw/master/`). Upstream states no license, so the bundled "sample" is an
 * invented fixture in the same format (see data/LICENSE-DATA.md); `../data` resolves from both
 * `src/` and `dist/`.
 */
export const MEDICATION_QA_FILE: DatasetFileV1 = {
  name: 'MedInfo2019-QA-Medications.xlsx',
  url: `https://github.com/abachaa/Medication_QA_MedInfo2019/raw/${MEDICATION_QA_REVISION}/MedInfo2019-QA-Medications.xlsx`,
  revision: MEDICATION_QA_REVISION,
  sha256: '4f13d0e3b195bd6a5d72a1872f9118cb5f69fd02c370001695330cfc9e3b5832',
  samplePath: fileURLToPath(new URL('../data/MedInfo2019-QA-Medications.xlsx', import.meta.url)),
};

/**
 * Reads the first worksheet of the upstream workbook as `pandas.read_excel` does and yields one
 * `test` instance per row in sheet order, skipping rows whose Answer is missing: an empty cell or
 * one of pandas' NA strings, such as `n/a` (HELM's `data[~data.Answer.isna()]`). Rows are not
 * stripped or deduplicated. A malformed row is a DatasetLoadError naming the file, the sheet row
 * and the column.
 */
export function createMedicationQaDataset(): DatasetLoaderV1 {
  return defineFileDatasetLoader({
    ...cardDataSource(MEDICATION_QA_CARD, MEDICATION_QA_REVISION),
    files: [MEDICATION_QA_FILE],
    async *read(path) {
      let checkedColumns = false;
      for await (const { record, row } of readXlsxRows(path)) {
        if (!checkedColumns) {
          // pandas' `data.Answer` / `row.Question` raise AttributeError without these columns.
          for (const column of ['Question', 'Answer']) {
            if (!Object.hasOwn(record, column)) {
              throw new DatasetLoadError(
                `the first worksheet has no "${column}" column (its columns: ${Object.keys(record).join(', ')}).`,
                { location: { file: path, row: 1, field: column } },
              );
            }
          }
          checkedColumns = true;
        }
        if (record.Answer === null) continue;
        yield medicationQaInstance(parseRow(medicationQaRowSchema, record, { file: path, row }));
      }
    },
  });
}
