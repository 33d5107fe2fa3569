import { defineBenchmarkPlugin } from '@medhelm/core';
import { createN2c2CtMatchingBenchmark } from './n2c2-ct-matching-benchmark.ts';

export {
  createN2c2CtMatchingBenchmark,
  N2C2_CT_MATCHING_LEADERBOARD_RUN_ENTRIES,
  n2c2CtMatchingArgumentsSchema,
} from './n2c2-ct-matching-benchmark.ts';
export {
  createN2c2CtMatchingDataset,
  N2C2_CT_MATCHING_CRITERIA,
  N2C2_CT_MATCHING_DEFINITIONS,
  N2C2_CT_MATCHING_OBTAIN,
  N2C2_CT_MATCHING_TEST_FOLDER,
  type N2c2Criterion,
  type N2c2Patient,
  n2c2Instance,
  n2c2NoteDate,
  n2c2Patient,
  n2c2Prompt,
} from './n2c2-ct-matching-dataset.ts';

/**
 * The N2C2-CT Matching benchmark as the runner registers it (criterion ABDOMINAL, the leaderboard's
 * first); a run entry's `subject=` configures the criterion, and one without it is refused, as
 * HELM's run spec function requires it.
 */
export const n2c2CtMatchingBenchmark = createN2c2CtMatchingBenchmark();

/** The plugin the runner loads: registers {@link n2c2CtMatchingBenchmark}. */
export const plugin = defineBenchmarkPlugin('@medhelm/benchmark-n2c2-ct-matching', n2c2CtMatchingBenchmark);
export { N2C2_CT_MATCHING_CARD } from './n2c2-ct-matching-card.ts';
