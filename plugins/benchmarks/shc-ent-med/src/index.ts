import { defineBenchmarkPlugin } from '@medhelm/core';
import { createShcMedBenchmark } from '@medhelm/shc-med';
import { SHC_ENT_MED } from './shc-ent-med-benchmark.ts';

export { SHC_ENT_MED } from './shc-ent-med-benchmark.ts';
export { SHC_ENT_MED_CARD } from './shc-ent-med-card.ts';

/** The ENT-Referral benchmark, as the runner registers it. */
export const shcEntMedBenchmark = createShcMedBenchmark(SHC_ENT_MED);

/** The plugin the runner loads: registers {@link shcEntMedBenchmark}. */
export const plugin = defineBenchmarkPlugin('@medhelm/benchmark-shc-ent-med', shcEntMedBenchmark);
