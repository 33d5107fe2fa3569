import { defineBenchmarkPlugin } from '@medhelm/core';
import { createStarrPatientInstructionsBenchmark } from './starr-patient-instructions-benchmark.ts';

export { createStarrPatientInstructionsBenchmark } from './starr-patient-instructions-benchmark.ts';
export {
  createStarrPatientInstructionsDataset,
  STARR_PATIENT_INSTRUCTIONS_COLUMNS,
  STARR_PATIENT_INSTRUCTIONS_FILE,
  STARR_PATIENT_INSTRUCTIONS_OBTAIN,
  type StarrPatientInstructionsCase,
  starrPatientInstructionsInstance,
} from './starr-patient-instructions-dataset.ts';
export {
  STARR_PATIENT_INSTRUCTIONS_JUDGE_PROMPT_TEMPLATE,
  starrPatientInstructionsJuryRubric,
} from './starr-patient-instructions-jury-rubric.ts';

/** The PatientInstruct (starr_patient_instructions) benchmark, as the runner registers it. */
export const starrPatientInstructionsBenchmark = createStarrPatientInstructionsBenchmark();

/** The plugin the runner loads: registers {@link starrPatientInstructionsBenchmark}. */
export const plugin = defineBenchmarkPlugin(
  '@medhelm/benchmark-starr-patient-instructions',
  starrPatientInstructionsBenchmark,
);
export { STARR_PATIENT_INSTRUCTIONS_CARD } from './starr-patient-instructions-card.ts';
