import { defineBenchmarkPlugin } from '@medhelm/core';
import { createShcMedBenchmark } from '@medhelm/shc-med';
import { SHC_CDI_MED } from './shc-cdi-med-benchmark.ts';

export { SHC_CDI_MED } from './shc-cdi-med-benchmark.ts';
export { SHC_CDI_MED_CARD } from './shc-cdi-med-card.ts';

/** The CDI-QA benchmark, as the runner registers it. */
export const shcCdiMedBenchmark = createShcMedBenchmark(SHC_CDI_MED);

/** The plugin the runner loads: registers {@link shcCdiMedBenchmark}. */
export const plugin = defineBenchmarkPlugin('@medhelm/benchmark-shc-cdi-med', shcCdiMedBenchmark);
