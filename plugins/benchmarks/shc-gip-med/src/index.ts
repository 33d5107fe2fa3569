import { defineBenchmarkPlugin } from '@medhelm/core';
import { createShcMedBenchmark } from '@medhelm/shc-med';
import { SHC_GIP_MED } from './shc-gip-med-benchmark.ts';

export { SHC_GIP_MED } from './shc-gip-med-benchmark.ts';
export { SHC_GIP_MED_CARD } from './shc-gip-med-card.ts';

/** The HospiceReferral benchmark, as the runner registers it. */
export const shcGipMedBenchmark = createShcMedBenchmark(SHC_GIP_MED);

/** The plugin the runner loads: registers {@link shcGipMedBenchmark}. */
export const plugin = defineBenchmarkPlugin('@medhelm/benchmark-shc-gip-med', shcGipMedBenchmark);
