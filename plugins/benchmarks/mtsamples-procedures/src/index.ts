import { defineBenchmarkPlugin } from '@medhelm/core';
import { createMtsamplesProceduresBenchmark } from './mtsamples-procedures-benchmark.ts';

export type { MtsamplesOptions } from '@medhelm/mtsamples';

export {
  createMtsamplesProceduresBenchmark,
  MTSAMPLES_PROCEDURES,
} from './mtsamples-procedures-benchmark.ts';
export {
  MTSAMPLES_PROCEDURES_FOLDER,
  MTSAMPLES_PROCEDURES_REVISION,
  mtsamplesProceduresHelmReads,
} from './mtsamples-procedures-dataset.ts';
export {
  MTSAMPLES_PROCEDURES_JUDGE_PROMPT_TEMPLATE,
  mtsamplesProceduresJuryRubric,
} from './mtsamples-procedures-jury-rubric.ts';

/** The MTSamples Procedures benchmark, as the runner registers it. */
export const mtsamplesProceduresBenchmark = createMtsamplesProceduresBenchmark();

/** The plugin the runner loads: registers {@link mtsamplesProceduresBenchmark}. */
export const plugin = defineBenchmarkPlugin(
  '@medhelm/benchmark-mtsamples-procedures',
  mtsamplesProceduresBenchmark,
);
export { MTSAMPLES_PROCEDURES_CARD } from './mtsamples-procedures-card.ts';
