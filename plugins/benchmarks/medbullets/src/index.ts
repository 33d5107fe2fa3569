import { defineBenchmarkPlugin } from '@medhelm/core';
import { createMedbulletsBenchmark } from './medbullets-benchmark.ts';

export { createMedbulletsBenchmark } from './medbullets-benchmark.ts';
export {
  createMedbulletsDataset,
  MEDBULLETS_FILE,
  MEDBULLETS_REVISION,
  MEDBULLETS_SHA256,
} from './medbullets-dataset.ts';
export {
  isSkippedByHelm,
  MEDBULLETS_ANSWER_CHOICES,
  MEDBULLETS_MISSING_OPTION,
  MEDBULLETS_OPTION_COLUMNS,
  type MedbulletsRow,
  medbulletsInstance,
  medbulletsRowSchema,
} from './medbullets-instance.ts';

/** The Medbullets benchmark, as the runner registers it. */
export const medbulletsBenchmark = createMedbulletsBenchmark();

/** The plugin the runner loads: registers {@link medbulletsBenchmark}. */
export const plugin = defineBenchmarkPlugin('@medhelm/benchmark-medbullets', medbulletsBenchmark);
export { MEDBULLETS_CARD } from './medbullets-card.ts';
