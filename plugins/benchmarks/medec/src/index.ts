import { defineBenchmarkPlugin } from '@medhelm/core';
import { createMedecBenchmark } from './medec-benchmark.ts';

export { createMedecBenchmark } from './medec-benchmark.ts';
export { createMedecDataset, MEDEC_FILE, MEDEC_REVISION } from './medec-dataset.ts';
export { MEDEC_NO_ERROR, type MedecRow, medecInstance, medecRowSchema } from './medec-instance.ts';

/** The MEDEC benchmark, as the runner registers it. */
export const medecBenchmark = createMedecBenchmark();

/** The plugin the runner loads: registers {@link medecBenchmark}. */
export const plugin = defineBenchmarkPlugin('@medhelm/benchmark-medec', medecBenchmark);
export { MEDEC_CARD } from './medec-card.ts';
