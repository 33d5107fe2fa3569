import { defineBenchmarkPlugin } from '@medhelm/core';
import { createMedhalluBenchmark } from './medhallu-benchmark.ts';

export { createMedhalluBenchmark } from './medhallu-benchmark.ts';
export {
  createMedhalluDataset,
  MEDHALLU_DATASET,
  MEDHALLU_JSONL_FILE,
  MEDHALLU_PARQUET_FILE,
  MEDHALLU_REVISION,
} from './medhallu-dataset.ts';
export {
  MEDHALLU_LABELS,
  type MedhalluRow,
  medhalluInstance,
  medhalluInstances,
  medhalluRowSchema,
  pythonStrListRepr,
} from './medhallu-instance.ts';

/** The MedHallu benchmark, as the runner registers it. */
export const medhalluBenchmark = createMedhalluBenchmark();

/** The plugin the runner loads: registers {@link medhalluBenchmark}. */
export const plugin = defineBenchmarkPlugin('@medhelm/benchmark-medhallu', medhalluBenchmark);
export { MEDHALLU_CARD } from './medhallu-card.ts';
