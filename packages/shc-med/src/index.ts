// The contract of @medhelm/shc-med: what plugins, apps and users import. A name marked @public is
// documented in the README but imported nowhere in this repository (knip reports any other unused
// export).
export { createShcMedBenchmark } from './create-shc-med-benchmark.ts';
export {
  /** @public */ createShcMedDataset,
  /** @public */ shcMedObtain,
} from './create-shc-med-dataset.ts';
export {
  readShcMedDefinition,
  /** @public */ SHC_MED_DEFINITION_FILE,
} from './read-shc-med-definition.ts';
export {
  /** @public */ readShcMedRows,
} from './read-shc-med-rows.ts';
export type {
  /** @public */ ShcMedBenchmarkDefinition,
} from './shc-med-benchmark-definition.ts';
export {
  /** @public */ shcMedInstances,
} from './shc-med-instances.ts';
export {
  /** @public */ SHC_MED_ANSWER_A_OR_B,
  /** @public */ SHC_MED_QUESTION_LEAD,
  /** @public */ type ShcMedPromptDefinition,
  /** @public */ shcMedPrompt,
} from './shc-med-prompt.ts';
