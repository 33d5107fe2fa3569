import { defineBenchmarkPlugin } from '@medhelm/core';
import { createMedicationQaBenchmark } from './medication-qa-benchmark.ts';

export { createMedicationQaBenchmark } from './medication-qa-benchmark.ts';
export {
  createMedicationQaDataset,
  MEDICATION_QA_FILE,
  MEDICATION_QA_REVISION,
} from './medication-qa-dataset.ts';
export {
  type MedicationQaRow,
  medicationQaInstance,
  medicationQaRowSchema,
} from './medication-qa-instance.ts';
export { MEDICATION_QA_JUDGE_PROMPT_TEMPLATE, medicationQaJuryRubric } from './medication-qa-jury-rubric.ts';

/** The MedicationQA benchmark, as the runner registers it. */
export const medicationQaBenchmark = createMedicationQaBenchmark();

/** The plugin the runner loads: registers {@link medicationQaBenchmark}. */
export const plugin = defineBenchmarkPlugin('@medhelm/benchmark-medication-qa', medicationQaBenchmark);
export { MEDICATION_QA_CARD } from './medication-qa-card.ts';
