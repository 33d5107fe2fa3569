import { definePlugin } from '@medhelm/core';
import { createMtsamplesReplicateBenchmark } from './mtsamples-replicate-benchmark.ts';

export {
  createMtsamplesReplicateBenchmark,
  MTSAMPLES_REPLICATE_ID,
  type MtsamplesReplicateOptions,
} from './mtsamples-replicate-benchmark.ts';
export {
  createMtsamplesReplicateDataset,
  MTSAMPLES_REPLICATE_FOLDER,
  MTSAMPLES_REPLICATE_LAST_LISTED_FILE,
  MTSAMPLES_REPLICATE_REVISION,
  MTSAMPLES_REPLICATE_SECTIONS,
  type MtsamplesReplicateDatasetOptions,
  mtsamplesReplicateInstance,
  withinGithubApiCap,
} from './mtsamples-replicate-dataset.ts';
export {
  MTSAMPLES_REPLICATE_JUDGE_PROMPT_TEMPLATE,
  mtsamplesReplicateJuryRubric,
} from './mtsamples-replicate-jury-rubric.ts';
export {
  createMtsamplesReplicatePrompt,
  MTSAMPLES_REPLICATE_INSTRUCTIONS,
  mtsamplesReplicateAdapterSpec,
} from './mtsamples-replicate-prompt.ts';

/** The MTSamples (Replicate) benchmark, as the runner registers it. */
export const mtsamplesReplicateBenchmark = createMtsamplesReplicateBenchmark();

/** The plugin the runner loads: registers {@link mtsamplesReplicateBenchmark}. */
export const plugin = definePlugin({
  name: '@medhelm/benchmark-mtsamples-replicate',
  kind: 'benchmark',
  register: (context) => context.registerBenchmark(mtsamplesReplicateBenchmark),
});
