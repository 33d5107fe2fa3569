import { definePlugin } from '@medhelm/core';
import { createMedcalcBenchBenchmark } from './medcalc-bench-benchmark.ts';

export { createMedcalcBenchBenchmark, MEDCALC_BENCH_ID } from './medcalc-bench-benchmark.ts';
export {
  createMedcalcBenchDataset,
  MEDCALC_BENCH_FILE,
  MEDCALC_BENCH_REVISION,
  type MedcalcBenchRow,
  medcalcBenchInstance,
  medcalcBenchRowSchema,
} from './medcalc-bench-dataset.ts';
export {
  createMedcalcBenchPrompt,
  MEDCALC_BENCH_INSTRUCTIONS,
  MEDCALC_BENCH_OUTPUT_NOUN,
  medcalcBenchAdapterSpec,
} from './medcalc-bench-prompt.ts';

/** The MedCalc-Bench benchmark, as the runner registers it. */
export const medcalcBenchBenchmark = createMedcalcBenchBenchmark();

/** The plugin the runner loads: registers {@link medcalcBenchBenchmark}. */
export const plugin = definePlugin({
  name: '@medhelm/benchmark-medcalc-bench',
  kind: 'benchmark',
  register: (context) => context.registerBenchmark(medcalcBenchBenchmark),
});
