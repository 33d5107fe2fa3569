import { fileURLToPath } from 'node:url';
import { cardDataSource } from '@medhelm/benchmark-recipes';
import { type DatasetFileV1, DatasetLoadError, type DatasetLoaderV1 } from '@medhelm/core';
import { defineFileDatasetLoader, parseRow, readCsvRecords } from '@medhelm/datasets';
import { MEDCALC_BENCH_CARD } from './medcalc-bench-card.ts';
import { medcalcBenchInstance, medcalcBenchRowSchema } from './medcalc-bench-instance.ts';

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

/**
 * Reads upstream `test_data.csv` and yields one `test` instance per row in file order, as HELM
 * does with the Hugging Face test split. A malformed row is a DatasetLoadError naming the file,
 * line, row and column.
 */
export function createMedcalcBenchDataset(): DatasetLoaderV1 {
  return defineFileDatasetLoader({
    ...cardDataSource(MEDCALC_BENCH_CARD, MEDCALC_BENCH_REVISION),
    files: [MEDCALC_BENCH_FILE],
    async *read(path) {
      const seen = new Map<string, number>();
      // Hugging Face's CSV reader (pandas) keeps line breaks inside quoted fields as they are.
      for await (const { record, line, row } of readCsvRecords(path, { newline: 'preserve' })) {
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
