export { createShcMedBenchmark, SHC_MED_SCENARIO_TAGS } from './create-shc-med-benchmark.ts';
export {
  createShcMedDataset,
  MEDHELM_PAPER,
  SHC_MED_LICENSE,
  shcMedObtain,
} from './create-shc-med-dataset.ts';
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
