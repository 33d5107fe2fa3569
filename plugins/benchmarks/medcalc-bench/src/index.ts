import { defineBenchmarkPlugin } from '@medhelm/core';
import { createMedcalcBenchBenchmark } from './medcalc-bench-benchmark.ts';

export { createMedcalcBenchBenchmark } from './medcalc-bench-benchmark.ts';
export {
  createMedcalcBenchDataset,
  MEDCALC_BENCH_FILE,
  MEDCALC_BENCH_REVISION,
} from './medcalc-bench-dataset.ts';
export {
  type MedcalcBenchRow,
  medcalcBenchInstance,
  medcalcBenchRowSchema,
} from './medcalc-bench-instance.ts';

/** The MedCalc-Bench benchmark, as the runner registers it. */
export const medcalcBenchBenchmark = createMedcalcBenchBenchmark();

/** The plugin the runner loads: registers {@link medcalcBenchBenchmark}. */
export const plugin = defineBenchmarkPlugin('@medhelm/benchmark-medcalc-bench', medcalcBenchBenchmark);
export { MEDCALC_BENCH_CARD } from './medcalc-bench-card.ts';
