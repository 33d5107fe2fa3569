import { defineBenchmarkPlugin } from '@medhelm/core';
import { createDischargemeBenchmark } from './dischargeme-benchmark.ts';

export { createDischargemeBenchmark } from './dischargeme-benchmark.ts';
export {
  createDischargemeDataset,
  DISCHARGEME_DIAGNOSIS_FILE,
  DISCHARGEME_DISCHARGE_FILE,
  DISCHARGEME_EDSTAYS_FILE,
  DISCHARGEME_FILES,
  DISCHARGEME_FOLDER,
  DISCHARGEME_OBTAIN,
  DISCHARGEME_RADIOLOGY_FILE,
  DISCHARGEME_TARGET_FILE,
  DISCHARGEME_TASKS,
  DISCHARGEME_TRIAGE_FILE,
  DISCHARGEME_VERSION,
  type DischargemeAdmission,
  dischargemeInput,
  dischargemeInstances,
  readDischargemeAdmissions,
} from './dischargeme-dataset.ts';
export { DISCHARGEME_JUDGE_PROMPT_TEMPLATE, dischargemeJuryRubric } from './dischargeme-jury-rubric.ts';
export { type MergeIndexers, pandasInnerMerge, parsePandasInt64Key } from './pandas-merge.ts';
export { type GzipCsvRow, readGzipCsv } from './read-gzip-csv.ts';

/** The DischargeMe benchmark, as the runner registers it. */
export const dischargemeBenchmark = createDischargemeBenchmark();

/** The plugin the runner loads: registers {@link dischargemeBenchmark}. */
export const plugin = defineBenchmarkPlugin('@medhelm/benchmark-dischargeme', dischargemeBenchmark);
export { DISCHARGEME_CARD } from './dischargeme-card.ts';
