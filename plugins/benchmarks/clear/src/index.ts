import { defineBenchmarkPlugin } from '@medhelm/core';
import { createClearBenchmark } from './clear-benchmark.ts';

export {
  CLEAR_LEADERBOARD_RUN_ENTRIES,
  clearArgumentsSchema,
  clearInstructions,
  createClearBenchmark,
} from './clear-benchmark.ts';
export {
  CLEAR_CONDITION_TEXT,
  CLEAR_CONDITIONS,
  type ClearCondition,
  clearAnswerChoices,
} from './clear-conditions.ts';
export {
  CLEAR_COLUMNS,
  CLEAR_OBTAIN,
  clearFile,
  clearInstance,
  createClearDataset,
} from './clear-dataset.ts';

/** The CLEAR benchmark (its first condition, alcohol_dependence), as the runner registers it. */
export const clearBenchmark = createClearBenchmark();

/** The plugin the runner loads: registers {@link clearBenchmark}; run entries pick the condition. */
export const plugin = defineBenchmarkPlugin('@medhelm/benchmark-clear', clearBenchmark);
export { CLEAR_CARD } from './clear-card.ts';
