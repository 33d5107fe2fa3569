import { defineBenchmarkPlugin } from '@medhelm/core';
import { createMtsamplesReplicateBenchmark } from './mtsamples-replicate-benchmark.ts';

export type { MtsamplesOptions } from '@medhelm/mtsamples';

export {
  createMtsamplesReplicateBenchmark,
  MTSAMPLES_REPLICATE,
} from './mtsamples-replicate-benchmark.ts';
export {
  MTSAMPLES_REPLICATE_FOLDER,
  MTSAMPLES_REPLICATE_LAST_LISTED_FILE,
  MTSAMPLES_REPLICATE_REVISION,
  mtsamplesReplicateHelmReads,
  withinGithubApiCap,
} from './mtsamples-replicate-dataset.ts';
export {
  MTSAMPLES_REPLICATE_JUDGE_PROMPT_TEMPLATE,
  mtsamplesReplicateJuryRubric,
} from './mtsamples-replicate-jury-rubric.ts';

/** The MTSamples (Replicate) benchmark, as the runner registers it. */
export const mtsamplesReplicateBenchmark = createMtsamplesReplicateBenchmark();

/** The plugin the runner loads: registers {@link mtsamplesReplicateBenchmark}. */
export const plugin = defineBenchmarkPlugin(
  '@medhelm/benchmark-mtsamples-replicate',
  mtsamplesReplicateBenchmark,
);
export { MTSAMPLES_REPLICATE_CARD } from './mtsamples-replicate-card.ts';
