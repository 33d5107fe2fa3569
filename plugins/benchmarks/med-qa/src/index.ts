import { defineBenchmarkPlugin } from '@medhelm/core';
import { createMedQaBenchmark } from './med-qa-benchmark.ts';

export { createMedQaBenchmark } from './med-qa-benchmark.ts';
export {
  createMedQaDataset,
  MED_QA_DOWNLOAD_URL,
  MED_QA_QUESTIONS_DIRECTORY,
  MED_QA_SPLIT_FILES,
} from './med-qa-dataset.ts';
export { cleanMedQaOption, type MedQaRow, medQaInstance, medQaRowSchema } from './med-qa-instance.ts';

/** The MedQA benchmark, as the runner registers it. */
export const medQaBenchmark = createMedQaBenchmark();

/** The plugin the runner loads: registers {@link medQaBenchmark}. */
export const plugin = defineBenchmarkPlugin('@medhelm/benchmark-med-qa', medQaBenchmark);
export { MED_QA_CARD } from './med-qa-card.ts';
