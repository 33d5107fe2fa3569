import { juryBenchmark } from '@medhelm/benchmark-recipes';
import type { BenchmarkV1 } from '@medhelm/core';
import { STARR_PATIENT_INSTRUCTIONS_CARD } from './starr-patient-instructions-card.ts';
import { createStarrPatientInstructionsDataset } from './starr-patient-instructions-dataset.ts';
import { starrPatientInstructionsJuryRubric } from './starr-patient-instructions-jury-rubric.ts';

/**
 * MedHELM's PatientInstruct benchmark (`starr_patient_instructions`): write a patient's
 * after-procedure care instructions from the diagnosis, the procedure, the History & Physical note
 * and the operative report, judged by HELM's three-judge LLM jury
 * (`starr_patient_instructions_accuracy`, the headline) with ROUGE against the instructions the
 * patient was given. Private: the cases come from Stanford's STARR records; a health system runs it
 * on its own.
 */
export function createStarrPatientInstructionsBenchmark(): BenchmarkV1 {
  return juryBenchmark(STARR_PATIENT_INSTRUCTIONS_CARD, {
    dataset: createStarrPatientInstructionsDataset(),
    rubric: starrPatientInstructionsJuryRubric,
  });
}
