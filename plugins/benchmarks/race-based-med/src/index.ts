import { defineBenchmarkPlugin } from '@medhelm/core';
import { createRaceBasedMedBenchmark } from './race-based-med-benchmark.ts';

export { createRaceBasedMedBenchmark } from './race-based-med-benchmark.ts';
export {
  createRaceBasedMedDataset,
  PYTHON_CSV_FIELD_SIZE_LIMIT,
  RACE_BASED_MED_ARTICLE,
  RACE_BASED_MED_FILE,
} from './race-based-med-dataset.ts';
export {
  pythonCsvRoundTrip,
  RACE_BASED_MED_ANSWER_CHOICES,
  raceBasedMedInstances,
  raceBasedMedPrompt,
} from './race-based-med-instance.ts';
export { extractRaceBasedMedRows, type RaceBasedMedRow } from './race-based-med-rows.ts';

/** The RaceBias benchmark, as the runner registers it. */
export const raceBasedMedBenchmark = createRaceBasedMedBenchmark();

/** The plugin the runner loads: registers {@link raceBasedMedBenchmark}. */
export const plugin = defineBenchmarkPlugin('@medhelm/benchmark-race-based-med', raceBasedMedBenchmark);
export { RACE_BASED_MED_CARD } from './race-based-med-card.ts';
