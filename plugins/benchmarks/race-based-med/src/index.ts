import { definePlugin } from '@medhelm/core';
import { createRaceBasedMedBenchmark } from './race-based-med-benchmark.ts';

export { createRaceBasedMedBenchmark, RACE_BASED_MED_ID } from './race-based-med-benchmark.ts';
export {
  createRaceBasedMedDataset,
  extractRaceBasedMedRows,
  PYTHON_CSV_FIELD_SIZE_LIMIT,
  pythonCsvRoundTrip,
  RACE_BASED_MED_ANSWER_CHOICES,
  RACE_BASED_MED_ARTICLE,
  RACE_BASED_MED_FILE,
  type RaceBasedMedRow,
  raceBasedMedInstances,
  raceBasedMedPrompt,
} from './race-based-med-dataset.ts';
export {
  createRaceBasedMedPrompt,
  RACE_BASED_MED_INSTRUCTIONS,
  RACE_BASED_MED_OUTPUT_NOUN,
  raceBasedMedAdapterSpec,
} from './race-based-med-prompt.ts';

/** The RaceBias benchmark, as the runner registers it. */
export const raceBasedMedBenchmark = createRaceBasedMedBenchmark();

/** The plugin the runner loads: registers {@link raceBasedMedBenchmark}. */
export const plugin = definePlugin({
  name: '@medhelm/benchmark-race-based-med',
  kind: 'benchmark',
  register: (context) => context.registerBenchmark(raceBasedMedBenchmark),
});
