import { defineBenchmarkPlugin } from '@medhelm/core';
import { createMentalHealthBenchmark } from './mental-health-benchmark.ts';

export { createMentalHealthBenchmark } from './mental-health-benchmark.ts';
export {
  createMentalHealthDataset,
  MENTAL_HEALTH_COLUMNS,
  MENTAL_HEALTH_FILE,
  MENTAL_HEALTH_OBTAIN,
  type MentalHealthRow,
  mentalHealthInstance,
} from './mental-health-dataset.ts';
export { MENTAL_HEALTH_JUDGE_PROMPT_TEMPLATE, mentalHealthJuryRubric } from './mental-health-jury-rubric.ts';

/** The MentalHealth (mental_health) benchmark, as the runner registers it. */
export const mentalHealthBenchmark = createMentalHealthBenchmark();

/** The plugin the runner loads: registers {@link mentalHealthBenchmark}. */
export const plugin = defineBenchmarkPlugin('@medhelm/benchmark-mental-health', mentalHealthBenchmark);
export { MENTAL_HEALTH_CARD } from './mental-health-card.ts';
