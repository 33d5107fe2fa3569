import { defineBenchmarkPlugin } from '@medhelm/core';
import { createShcMedBenchmark } from '@medhelm/shc-med';
import { SHC_PRIVACY_MED } from './shc-privacy-med-benchmark.ts';

export { SHC_PRIVACY_MED } from './shc-privacy-med-benchmark.ts';
export { SHC_PRIVACY_MED_CARD } from './shc-privacy-med-card.ts';

/** The PrivacyDetection benchmark, as the runner registers it. */
export const shcPrivacyMedBenchmark = createShcMedBenchmark(SHC_PRIVACY_MED);

/** The plugin the runner loads: registers {@link shcPrivacyMedBenchmark}. */
export const plugin = defineBenchmarkPlugin('@medhelm/benchmark-shc-privacy-med', shcPrivacyMedBenchmark);
