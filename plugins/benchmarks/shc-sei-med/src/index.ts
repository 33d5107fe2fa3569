import { defineBenchmarkPlugin } from '@medhelm/core';
import { createShcMedBenchmark } from '@medhelm/shc-med';
import { SHC_SEI_MED } from './shc-sei-med-benchmark.ts';

export { SHC_SEI_MED } from './shc-sei-med-benchmark.ts';
export { SHC_SEI_MED_CARD } from './shc-sei-med-card.ts';

/** The ADHD-MedEffects benchmark, as the runner registers it. */
export const shcSeiMedBenchmark = createShcMedBenchmark(SHC_SEI_MED);

/** The plugin the runner loads: registers {@link shcSeiMedBenchmark}. */
export const plugin = defineBenchmarkPlugin('@medhelm/benchmark-shc-sei-med', shcSeiMedBenchmark);
