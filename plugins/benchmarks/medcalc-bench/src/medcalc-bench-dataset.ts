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
import { parseRow, readCsvRecords } from '@medhelm/datasets';
import { z } from 'zod';

/** The ncbi-nlp/MedCalc-Bench commit of the pinned `test_data.csv` (the June 2024 release). */
export const MEDCALC_BENCH_REVISION = '5523b7785c004912e76ca4db19efbd7367b23c40';

/**
 * MedCalc-Bench's test split. HELM loads the unpinned Hugging Face dataset `ncbi/MedCalc-Bench`
 * (split `test`); we pin the GitHub CSV with the same columns so a run is reproducible. The
 * bundled sample holds 30 real rows; `../data` resolves from both `src/` and `dist/`.
 */
export const MEDCALC_BENCH_FILE: DatasetFileV1 = {
  name: 'test_data.csv',
  url: `https://raw.githubusercontent.com/ncbi-nlp/MedCalc-Bench/${MEDCALC_BENCH_REVISION}/dataset/test_data.csv`,
  revision: MEDCALC_BENCH_REVISION,
  samplePath: fileURLToPath(new URL('../data/test_data.csv', import.meta.url)),
};

// Hugging Face turns an empty cell into None. HELM concatenates note and question into the prompt
// (None raises there) and compares with the answer, so those must not be empty.
const requiredText = z.string().min(1, 'empty cell: HELM (reading None from Hugging Face) cannot use it');
// Category and limits only reach extra_data, where HELM keeps None for an empty cell.
const optionalText = z.string().transform((value) => (value === '' ? null : value));

/** The columns of a MedCalc-Bench row HELM reads; the others (explanations, ids, ...) are ignored. */
export const medcalcBenchRowSchema = z.object({
  // Hugging Face types the column int64, and HELM uses the int as the instance id.
  'Row Number': z
    .string()
    .regex(/^\s*[+-]?\d+\s*$/, 'expected an integer')
    .transform((value) => BigInt(value.trim()).toString()),
  'Patient Note': requiredText,
  Question: requiredText,
  'Ground Truth Answer': requiredText,
  Category: optionalText,
  'Upper Limit': optionalText,
  'Lower Limit': optionalText,
});
export type MedcalcBenchRow = z.output<typeof medcalcBenchRowSchema>;

/**
 * HELM's MedCalcBenchScenario instance for one row: id = Row Number; input = PassageQuestionInput
 * with passage `note + "\n"`, passage prefix "Patient note: ", separator "\n" and question
 * `question + "\n"`, i.e. `"Patient note: " + note + "\n\nQuestion: " + question + "\n"`; one
 * correct reference, the ground-truth answer; extra data category, upper_limit, lower_limit.
 */
export function medcalcBenchInstance(row: MedcalcBenchRow): Instance {
  return {
    id: row['Row Number'],
    input: { text: `Patient note: ${row['Patient Note']}\n\nQuestion: ${row.Question}\n` },
    references: [reference(row['Ground Truth Answer'], true)],
    split: TEST_SPLIT,
    extraData: {
      category: row.Category,
      upper_limit: row['Upper Limit'],
      lower_limit: row['Lower Limit'],
    },
  };
}

/**
 * Reads upstream `test_data.csv` and yields one `test` instance per row in file order, as HELM
 * does with the Hugging Face test split. A malformed row is a DatasetLoadError naming the file,
 * line, row and column.
 */
export function createMedcalcBenchDataset(): DatasetLoaderV1 {
  return defineDatasetLoader({
    access: 'public',
    license: 'CC-BY-SA-4.0',
    upstream: { url: 'https://github.com/ncbi-nlp/MedCalc-Bench', revision: MEDCALC_BENCH_REVISION },
    files: [MEDCALC_BENCH_FILE],
    async *load(context) {
      const path = await context.resolveFile(MEDCALC_BENCH_FILE);
      const seen = new Map<string, number>();
      // Hugging Face's CSV reader (pandas) keeps line breaks inside quoted fields as they are.
      for await (const { record, line, row } of readCsvRecords(path, { newline: 'preserve' })) {
        context.signal?.throwIfAborted();
        const parsed = parseRow(medcalcBenchRowSchema, record, { file: path, line, row });
        const id = parsed['Row Number'];
        const first = seen.get(id);
        if (first !== undefined) {
          // HELM would keep both, but results are keyed by instance id.
          throw new DatasetLoadError(
            `Row Number ${id} already appeared on line ${first}; instance ids must be unique.`,
            {
              location: { file: path, line, row, field: 'Row Number' },
            },
          );
        }
        seen.set(id, line);
        yield medcalcBenchInstance(parsed);
      }
    },
  });
}
