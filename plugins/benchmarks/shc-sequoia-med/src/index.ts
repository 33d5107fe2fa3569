import { defineBenchmarkPlugin } from '@medhelm/core';
import { createShcMedBenchmark } from '@medhelm/shc-med';
import { SHC_SEQUOIA_MED } from './shc-sequoia-med-benchmark.ts';

export { SHC_SEQUOIA_MED } from './shc-sequoia-med-benchmark.ts';
export { SHC_SEQUOIA_MED_CARD } from './shc-sequoia-med-card.ts';

/** The ClinicReferral benchmark, as the runner registers it. */
export const shcSequoiaMedBenchmark = createShcMedBenchmark(SHC_SEQUOIA_MED);

/** The plugin the runner loads: registers {@link shcSequoiaMedBenchmark}. */
export const plugin = defineBenchmarkPlugin('@medhelm/benchmark-shc-sequoia-med', shcSequoiaMedBenchmark);
