import { defineBenchmarkPlugin } from '@medhelm/core';
import { createShcMedBenchmark } from '@medhelm/shc-med';
import { SHC_PROXY_MED } from './shc-proxy-med-benchmark.ts';

export { SHC_PROXY_MED } from './shc-proxy-med-benchmark.ts';
export { SHC_PROXY_MED_CARD } from './shc-proxy-med-card.ts';

/** The ProxySender benchmark, as the runner registers it. */
export const shcProxyMedBenchmark = createShcMedBenchmark(SHC_PROXY_MED);

/** The plugin the runner loads: registers {@link shcProxyMedBenchmark}. */
export const plugin = defineBenchmarkPlugin('@medhelm/benchmark-shc-proxy-med', shcProxyMedBenchmark);
