import { definePlugin } from '@medhelm/core';
import { createMedhalluBenchmark } from './medhallu-benchmark.ts';

export { createMedhalluBenchmark, MEDHALLU_ID } from './medhallu-benchmark.ts';
export {
  createMedhalluDataset,
  MEDHALLU_DATASET,
  MEDHALLU_JSONL_FILE,
  MEDHALLU_LABELS,
  MEDHALLU_PARQUET_FILE,
  MEDHALLU_REVISION,
  type MedhalluRow,
  medhalluInstance,
  medhalluInstances,
  medhalluRowSchema,
  pythonStrListRepr,
} from './medhallu-dataset.ts';
export {
  createMedhalluPrompt,
  MEDHALLU_INSTRUCTIONS,
  MEDHALLU_OUTPUT_NOUN,
  medhalluAdapterSpec,
} from './medhallu-prompt.ts';

/** The MedHallu benchmark, as the runner registers it. */
export const medhalluBenchmark = createMedhalluBenchmark();

/** The plugin the runner loads: registers {@link medhalluBenchmark}. */
export const plugin = definePlugin({
  name: '@medhelm/benchmark-medhallu',
  kind: 'benchmark',
  register: (context) => context.registerBenchmark(medhalluBenchmark),
});
