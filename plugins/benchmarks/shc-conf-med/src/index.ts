import { defineBenchmarkPlugin } from '@medhelm/core';
import { createShcMedBenchmark } from '@medhelm/shc-med';
import { SHC_CONF_MED } from './shc-conf-med-benchmark.ts';

export { SHC_CONF_MED } from './shc-conf-med-benchmark.ts';
export { SHC_CONF_MED_CARD } from './shc-conf-med-card.ts';

/** The MedConfInfo benchmark, as the runner registers it. */
export const shcConfMedBenchmark = createShcMedBenchmark(SHC_CONF_MED);

/** The plugin the runner loads: registers {@link shcConfMedBenchmark}. */
export const plugin = defineBenchmarkPlugin('@medhelm/benchmark-shc-conf-med', shcConfMedBenchmark);
