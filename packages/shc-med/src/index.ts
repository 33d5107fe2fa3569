export { createShcMedBenchmark } from './create-shc-med-benchmark.ts';
export { createShcMedDataset, shcMedObtain } from './create-shc-med-dataset.ts';
export { readShcMedDefinition, SHC_MED_DEFINITION_FILE } from './read-shc-med-definition.ts';
export { readShcMedRows, type ShcMedRow } from './read-shc-med-rows.ts';
export type { ShcMedBenchmarkDefinition } from './shc-med-benchmark-definition.ts';
export {
  type ShcMedInstances,
  type ShcMedMergedRow,
  type ShcMedUnscorableRow,
  shcMedInstances,
} from './shc-med-instances.ts';
export {
  SHC_MED_ANSWER_A_OR_B,
  SHC_MED_QUESTION_COLUMN,
  SHC_MED_QUESTION_LEAD,
  type ShcMedPromptDefinition,
  type ShcMedPromptInput,
  shcMedPrompt,
} from './shc-med-prompt.ts';
