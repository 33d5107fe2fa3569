import { defineBenchmarkPlugin } from '@medhelm/core';
import { createHealthBenchBenchmark } from './healthbench-benchmark.ts';

export { HEALTHBENCH_MAX_GRADER_ATTEMPTS } from './ask-until-usable.ts';
export {
  createHealthBenchBenchmark,
  type HealthBenchGrading,
  type HealthBenchOptions,
} from './healthbench-benchmark.ts';
export { HEALTHBENCH_JURY_SCORE } from './healthbench-jury-score-names.ts';
export { HEALTHBENCH_BOOTSTRAP_SEED, HEALTHBENCH_SCORE } from './healthbench-scorer.ts';

/** HealthBench (`healthbench`), as the runner registers it: the full set, no system message. */
export const healthBenchBenchmark = createHealthBenchBenchmark();

/** The plugin the runner loads: registers {@link healthBenchBenchmark}. */
export const plugin = defineBenchmarkPlugin('@medhelm/benchmark-healthbench', healthBenchBenchmark);
