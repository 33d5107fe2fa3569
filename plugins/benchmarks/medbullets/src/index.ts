import { defineBenchmarkPlugin } from '@medhelm/core';
import { createMedbulletsBenchmark } from './medbullets-benchmark.ts';

export { createMedbulletsBenchmark, MEDBULLETS_ID, MEDBULLETS_INSTRUCTIONS } from './medbullets-benchmark.ts';
export {
  createMedbulletsDataset,
  isSkippedByHelm,
  MEDBULLETS_ANSWER_CHOICES,
  MEDBULLETS_FILE,
  MEDBULLETS_MISSING_OPTION,
  MEDBULLETS_OPTION_COLUMNS,
  MEDBULLETS_REVISION,
  MEDBULLETS_SHA256,
  type MedbulletsRow,
  medbulletsInstance,
  medbulletsRowSchema,
} from './medbullets-dataset.ts';

/** The Medbullets benchmark, as the runner registers it. */
export const medbulletsBenchmark = createMedbulletsBenchmark();

/** The plugin the runner loads: registers {@link medbulletsBenchmark}. */
export const plugin = defineBenchmarkPlugin('@medhelm/benchmark-medbullets', medbulletsBenchmark);
