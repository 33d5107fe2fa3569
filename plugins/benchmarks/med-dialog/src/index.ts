import { defineBenchmarkPlugin } from '@medhelm/core';
import { createMedDialogBenchmark } from './med-dialog-benchmark.ts';

export {
  createMedDialogBenchmark,
  MED_DIALOG_LEADERBOARD_RUN_ENTRIES,
  type MedDialogBenchmarkOptions,
  medDialogArgumentsSchema,
} from './med-dialog-benchmark.ts';
export {
  createMedDialogDataset,
  MED_DIALOG_BUNDLE,
  MED_DIALOG_DEFAULT_SUBSET,
  MED_DIALOG_SUBSETS,
  type MedDialogSubset,
  medDialogSubset,
  medDialogTestFile,
} from './med-dialog-dataset.ts';
export { type MedDialogExample, medDialogExampleSchema, medDialogInstance } from './med-dialog-instance.ts';
export { MED_DIALOG_JUDGE_PROMPT_TEMPLATE, medDialogJuryRubric } from './med-dialog-jury-rubric.ts';

/** The MedDialog benchmark on its default subset (HealthCareMagic), as the runner registers it. */
export const medDialogBenchmark = createMedDialogBenchmark();

/** The plugin the runner loads: registers {@link medDialogBenchmark}. */
export const plugin = defineBenchmarkPlugin('@medhelm/benchmark-med-dialog', medDialogBenchmark);
export { MED_DIALOG_CARD } from './med-dialog-card.ts';
