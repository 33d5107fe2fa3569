import { defineBenchmarkPlugin } from '@medhelm/core';
import { createEhrshotBenchmark } from './ehrshot-benchmark.ts';

export {
  createEhrshotBenchmark,
  EHRSHOT_CORRECTED_METRIC,
  EHRSHOT_LEADERBOARD_RUN_ENTRIES,
  type EhrshotBenchmarkOptions,
} from './ehrshot-benchmark.ts';
export {
  createEhrshotDataset,
  EHRSHOT_ANSWER_CHOICES,
  EHRSHOT_DATA_FILE,
  EHRSHOT_DEFAULT_MAX_LABELS_PER_TASK,
  EHRSHOT_DEFAULT_MAX_LENGTH,
  EHRSHOT_OBTAIN,
  type EhrshotDatasetOptions,
  ehrshotLabelsFile,
} from './ehrshot-dataset.ts';
export { ehrshotInstructions, ehrshotScenarioPrompt } from './ehrshot-scenario-prompt.ts';
export {
  EHRSHOT_TASK_TEXTS,
  EHRSHOT_TASKS,
  type EhrshotTask,
  type EhrshotTaskText,
} from './ehrshot-tasks.ts';

/** The EHRSHOT benchmark as the runner registers it (its run entries pick the task). */
export const ehrshotBenchmark = createEhrshotBenchmark();

/** The plugin the runner loads: registers {@link ehrshotBenchmark}. */
export const plugin = defineBenchmarkPlugin('@medhelm/benchmark-ehrshot', ehrshotBenchmark);
export { EHRSHOT_CARD } from './ehrshot-card.ts';
