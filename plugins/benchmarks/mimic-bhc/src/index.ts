import { defineBenchmarkPlugin } from '@medhelm/core';
import { createMimicBhcBenchmark } from './mimic-bhc-benchmark.ts';

export { createMimicBhcBenchmark } from './mimic-bhc-benchmark.ts';
export {
  createMimicBhcDataset,
  MIMIC_BHC_FILE,
  MIMIC_BHC_OBTAIN,
  mimicBhcInstance,
  mimicBhcLineSchema,
} from './mimic-bhc-dataset.ts';
export { MIMIC_BHC_JUDGE_PROMPT_TEMPLATE, mimicBhcJuryRubric } from './mimic-bhc-jury-rubric.ts';

/** The MIMIC-IV-BHC benchmark, as the runner registers it. */
export const mimicBhcBenchmark = createMimicBhcBenchmark();

/** The plugin the runner loads: registers {@link mimicBhcBenchmark}. */
export const plugin = defineBenchmarkPlugin('@medhelm/benchmark-mimic-bhc', mimicBhcBenchmark);
export { MIMIC_BHC_CARD } from './mimic-bhc-card.ts';
