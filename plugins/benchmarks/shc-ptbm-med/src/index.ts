import { defineBenchmarkPlugin } from '@medhelm/core';
import { createShcMedBenchmark } from '@medhelm/shc-med';
import { SHC_PTBM_MED } from './shc-ptbm-med-benchmark.ts';

export { SHC_PTBM_MED } from './shc-ptbm-med-benchmark.ts';
export { SHC_PTBM_MED_CARD } from './shc-ptbm-med-card.ts';

/** The ADHD-Behavior benchmark, as the runner registers it. */
export const shcPtbmMedBenchmark = createShcMedBenchmark(SHC_PTBM_MED);

/** The plugin the runner loads: registers {@link shcPtbmMedBenchmark}. */
export const plugin = defineBenchmarkPlugin('@medhelm/benchmark-shc-ptbm-med', shcPtbmMedBenchmark);
