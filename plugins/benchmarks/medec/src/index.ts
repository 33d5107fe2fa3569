import { defineBenchmarkPlugin } from '@medhelm/core';
import { createMedecBenchmark } from './medec-benchmark.ts';

export { createMedecBenchmark, MEDEC_ID, MEDEC_INSTRUCTIONS } from './medec-benchmark.ts';
export {
  createMedecDataset,
  MEDEC_FILE,
  MEDEC_NO_ERROR,
  MEDEC_REVISION,
  type MedecRow,
  medecInstance,
  medecRowSchema,
} from './medec-dataset.ts';

/** The MEDEC benchmark, as the runner registers it. */
export const medecBenchmark = createMedecBenchmark();

/** The plugin the runner loads: registers {@link medecBenchmark}. */
export const plugin = defineBenchmarkPlugin('@medhelm/benchmark-medec', medecBenchmark);
