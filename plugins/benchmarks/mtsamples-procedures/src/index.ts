import { definePlugin } from '@medhelm/core';
import { createMtsamplesProceduresBenchmark } from './mtsamples-procedures-benchmark.ts';

export {
  createMtsamplesProceduresBenchmark,
  MTSAMPLES_PROCEDURES_ID,
  type MtsamplesProceduresOptions,
} from './mtsamples-procedures-benchmark.ts';
export {
  createMtsamplesProceduresDataset,
  MTSAMPLES_PROCEDURES_FOLDER,
  MTSAMPLES_PROCEDURES_REVISION,
  MTSAMPLES_PROCEDURES_SECTIONS,
  type MtsamplesProceduresDatasetOptions,
  mtsamplesProceduresInstance,
} from './mtsamples-procedures-dataset.ts';
export {
  MTSAMPLES_PROCEDURES_JUDGE_PROMPT_TEMPLATE,
  mtsamplesProceduresJuryRubric,
} from './mtsamples-procedures-jury-rubric.ts';
export {
  createMtsamplesProceduresPrompt,
  MTSAMPLES_PROCEDURES_INSTRUCTIONS,
  mtsamplesProceduresAdapterSpec,
} from './mtsamples-procedures-prompt.ts';

/** The MTSamples Procedures benchmark, as the runner registers it. */
export const mtsamplesProceduresBenchmark = createMtsamplesProceduresBenchmark();

/** The plugin the runner loads: registers {@link mtsamplesProceduresBenchmark}. */
export const plugin = definePlugin({
  name: '@medhelm/benchmark-mtsamples-procedures',
  kind: 'benchmark',
  register: (context) => context.registerBenchmark(mtsamplesProceduresBenchmark),
});
