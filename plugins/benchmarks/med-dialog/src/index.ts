import { definePlugin } from '@medhelm/core';
import { createMedDialogBenchmark } from './med-dialog-benchmark.ts';

export {
  createMedDialogBenchmark,
  MED_DIALOG_ID,
  type MedDialogBenchmarkOptions,
} from './med-dialog-benchmark.ts';
export {
  createMedDialogDataset,
  MED_DIALOG_BUNDLE,
  MED_DIALOG_DEFAULT_SUBSET,
  MED_DIALOG_SUBSETS,
  type MedDialogExample,
  type MedDialogSubset,
  medDialogExampleSchema,
  medDialogInstance,
  medDialogSubset,
  medDialogTestFile,
} from './med-dialog-dataset.ts';
export { MED_DIALOG_JUDGE_PROMPT_TEMPLATE, medDialogJuryRubric } from './med-dialog-jury-rubric.ts';
export { createMedDialogPrompt, MED_DIALOG_INSTRUCTIONS, medDialogAdapterSpec } from './med-dialog-prompt.ts';

/** The MedDialog benchmark on its default subset (HealthCareMagic), as the runner registers it. */
export const medDialogBenchmark = createMedDialogBenchmark();

/** The plugin the runner loads: registers {@link medDialogBenchmark}. */
export const plugin = definePlugin({
  name: '@medhelm/benchmark-med-dialog',
  kind: 'benchmark',
  register: (context) => context.registerBenchmark(medDialogBenchmark),
});
