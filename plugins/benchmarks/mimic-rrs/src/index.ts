import { defineBenchmarkPlugin } from '@medhelm/core';
import { createMimicRrsBenchmark } from './mimic-rrs-benchmark.ts';

export { createMimicRrsBenchmark } from './mimic-rrs-benchmark.ts';
export {
  createMimicRrsDataset,
  MIMIC_RRS_FINDINGS_FILE,
  MIMIC_RRS_FOLDER,
  MIMIC_RRS_IMPRESSION_FILE,
  MIMIC_RRS_OBTAIN,
  mimicRrsInstances,
  readMimicRrsLines,
} from './mimic-rrs-dataset.ts';
export { MIMIC_RRS_JUDGE_PROMPT_TEMPLATE, mimicRrsJuryRubric } from './mimic-rrs-jury-rubric.ts';

/** The MIMIC-RRS benchmark, as the runner registers it. */
export const mimicRrsBenchmark = createMimicRrsBenchmark();

/** The plugin the runner loads: registers {@link mimicRrsBenchmark}. */
export const plugin = defineBenchmarkPlugin('@medhelm/benchmark-mimic-rrs', mimicRrsBenchmark);
export { MIMIC_RRS_CARD } from './mimic-rrs-card.ts';
