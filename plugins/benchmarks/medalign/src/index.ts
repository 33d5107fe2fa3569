import { defineBenchmarkPlugin } from '@medhelm/core';
import { createMedalignBenchmark } from './medalign-benchmark.ts';

export { cl100kTail, cl100kTokenCount } from './cl100k-tail.ts';
export {
  createMedalignBenchmark,
  MEDALIGN_LEADERBOARD_RUN_ENTRIES,
  type MedalignBenchmarkOptions,
  medalignArgumentsSchema,
} from './medalign-benchmark.ts';
export {
  createMedalignDataset,
  MEDALIGN_DEFAULT_MAX_LENGTH,
  MEDALIGN_EHR_FOLDER,
  MEDALIGN_GENERATION_LENGTH,
  MEDALIGN_INSTRUCTIONS_FILE,
  MEDALIGN_OBTAIN,
  MEDALIGN_PROMPT_TEMPLATE,
  MEDALIGN_RESPONSES_FILE,
  type MedalignDatasetOptions,
  medalignEhrBudget,
  medalignInstance,
  medalignPrompt,
} from './medalign-dataset.ts';
export { MEDALIGN_JUDGE_PROMPT_TEMPLATE, medalignJuryRubric } from './medalign-jury-rubric.ts';

/** The MedAlign benchmark as the runner registers it (`max_length=100000`; run entries configure others). */
export const medalignBenchmark = createMedalignBenchmark();

/** The plugin the runner loads: registers {@link medalignBenchmark}. */
export const plugin = defineBenchmarkPlugin('@medhelm/benchmark-medalign', medalignBenchmark);
export { MEDALIGN_CARD } from './medalign-card.ts';
