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
import { parseRow, readXlsxRows } from '@medhelm/datasets';
import { z } from 'zod';

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

// HELM builds `Input(row.Question)` and `Output(row.Answer)` and concatenates the question into the
// prompt: a number or a missing question (NaN) would crash HELM's adapter, so both must be text.
const text = (column: string) =>
  z.string({
    error: (issue) =>
      issue.input === null
        ? `empty cell (pandas reads it as NaN, which HELM cannot use as the ${column})`
        : `expected text, got ${typeof issue.input} (HELM cannot use it as the ${column})`,
  });

/** The columns of a MedicationQA row HELM reads; the others (focus, type, section, URL) are ignored. */
export const medicationQaRowSchema = z.object({
  Question: text('question'),
  Answer: text('answer'),
});
export type MedicationQaRow = z.output<typeof medicationQaRowSchema>;

/**
 * HELM's MedicationQAScenario instance for one row: input = Question, one correct reference =
 * Answer, both exactly as pandas reads them (not stripped); split `test`. No id: the engine numbers
 * instances `id0`, `id1`, ... in sheet order, as HELM does.
 */
export function medicationQaInstance(row: MedicationQaRow): Instance {
  return {
    input: { text: row.Question },
    references: [reference(row.Answer, true)],
    split: TEST_SPLIT,
  };
}

/**
 * Reads the first worksheet of the upstream workbook as `pandas.read_excel` does and yields one
 * `test` instance per row in sheet order, skipping rows whose Answer is missing: an empty cell or
 * one of pandas' NA strings, such as `n/a` (HELM's `data[~data.Answer.isna()]`). Rows are not
 * stripped or deduplicated. A malformed row is a DatasetLoadError naming the file, the sheet row
 * and the column.
 */
export function createMedicationQaDataset(): DatasetLoaderV1 {
  return defineDatasetLoader({
    access: 'public',
    license: 'none stated upstream',
    upstream: {
      url: 'https://github.com/abachaa/Medication_QA_MedInfo2019',
      revision: MEDICATION_QA_REVISION,
    },
    files: [MEDICATION_QA_FILE],
    async *load(context) {
      const path = await context.resolveFile(MEDICATION_QA_FILE);
      let checkedColumns = false;
      for await (const { record, row } of readXlsxRows(path)) {
        context.signal?.throwIfAborted();
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
