import { defineBenchmarkPlugin } from '@medhelm/core';
import { createRaceBasedMedBenchmark } from './race-based-med-benchmark.ts';

export {
  createRaceBasedMedBenchmark,
  RACE_BASED_MED_ID,
  RACE_BASED_MED_INSTRUCTIONS,
  RACE_BASED_MED_OUTPUT_NOUN,
} from './race-based-med-benchmark.ts';
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

/** The RaceBias benchmark, as the runner registers it. */
export const raceBasedMedBenchmark = createRaceBasedMedBenchmark();

/** The plugin the runner loads: registers {@link raceBasedMedBenchmark}. */
export const plugin = defineBenchmarkPlugin('@medhelm/benchmark-race-based-med', raceBasedMedBenchmark);
