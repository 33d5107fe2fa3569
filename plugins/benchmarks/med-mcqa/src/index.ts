import { defineBenchmarkPlugin } from '@medhelm/core';
import { createMedMcqaBenchmark } from './med-mcqa-benchmark.ts';

export { createMedMcqaBenchmark } from './med-mcqa-benchmark.ts';
export { createMedMcqaDataset, MED_MCQA_DOWNLOAD_URL, MED_MCQA_SPLIT_FILES } from './med-mcqa-dataset.ts';
export {
  MED_MCQA_OPTION_FIELDS,
  type MedMcqaRow,
  medMcqaInstance,
  medMcqaRowSchema,
} from './med-mcqa-instance.ts';

/** The MedMCQA benchmark, as the runner registers it. */
export const medMcqaBenchmark = createMedMcqaBenchmark();

/** The plugin the runner loads: registers {@link medMcqaBenchmark}. */
export const plugin = defineBenchmarkPlugin('@medhelm/benchmark-med-mcqa', medMcqaBenchmark);
export { MED_MCQA_CARD } from './med-mcqa-card.ts';
