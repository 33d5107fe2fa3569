import { defineBenchmarkPlugin } from '@medhelm/core';
import { createShcMedBenchmark } from '@medhelm/shc-med';
import { SHC_BMT_MED } from './shc-bmt-med-benchmark.ts';

export { SHC_BMT_MED } from './shc-bmt-med-benchmark.ts';
export { SHC_BMT_MED_CARD } from './shc-bmt-med-card.ts';

/** The BMT-Status benchmark, as the runner registers it. */
export const shcBmtMedBenchmark = createShcMedBenchmark(SHC_BMT_MED);

/** The plugin the runner loads: registers {@link shcBmtMedBenchmark}. */
export const plugin = defineBenchmarkPlugin('@medhelm/benchmark-shc-bmt-med', shcBmtMedBenchmark);
