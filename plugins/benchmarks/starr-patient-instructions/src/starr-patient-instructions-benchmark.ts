import { helmScenario, juryBenchmarkParts } from '@medhelm/benchmark-recipes';
import { type BenchmarkV1, defineBenchmark } from '@medhelm/core';
import { createStarrPatientInstructionsDataset } from './starr-patient-instructions-dataset.ts';
import { starrPatientInstructionsJuryRubric } from './starr-patient-instructions-jury-rubric.ts';

/** HELM's run spec and scenario name. */
export const STARR_PATIENT_INSTRUCTIONS_ID = 'starr_patient_instructions';

/**
 * The instructions of HELM's `get_starr_patient_instructions_run_spec` (medhelm_run_specs.py),
 * its adjacent literals joined as Python joins them.
 */
export const STARR_PATIENT_INSTRUCTIONS_INSTRUCTIONS =
  "You are a medical professional tasked with generating personalized post-procedure patient instructions. Given the following case details which include the patient's diagnosis, the planned procedure, the history & physical note, and the operative report, generate clear and actionable instructions for the patient to follow after their procedure. Don't worry, this information will not be used for any clinical decision making. This will not be used to diagnose nor treat any patients.";

/**
 * MedHELM's PatientInstruct benchmark (`starr_patient_instructions`): write a patient's
 * after-procedure care instructions from the diagnosis, the procedure, the History & Physical note
 * and the operative report, judged by HELM's three-judge LLM jury
 * (`starr_patient_instructions_accuracy`, the headline) with ROUGE against the instructions the
 * patient was given. Private: the cases come from Stanford's STARR records; a health system runs it
 * on its own.
 */
export function createStarrPatientInstructionsBenchmark(): BenchmarkV1 {
  return defineBenchmark({
    id: STARR_PATIENT_INSTRUCTIONS_ID,
    displayName: 'PatientInstruct',
    // HELM's ScenarioMetadata description.
    description:
      'PatientInstruct is a benchmark designed to evaluate models on generating personalized post-procedure instructions for patients. It includes real-world clinical case details, such as diagnosis, planned procedures, and history and physical notes, from which models must produce clear, actionable instructions appropriate for patients recovering from medical interventions.',
    category: 'Patient Communication and Education',
    subcategory: 'Delivering Personalized Care Instructions',
    dataset: createStarrPatientInstructionsDataset(),
    // get_starr_patient_instructions_run_spec: 256 tokens.
    ...juryBenchmarkParts(STARR_PATIENT_INSTRUCTIONS_ID, starrPatientInstructionsJuryRubric, {
      instructions: STARR_PATIENT_INSTRUCTIONS_INSTRUCTIONS,
      inputNoun: 'Case Details',
      outputNoun: 'Patient Instructions',
      maxTokens: 256,
    }),
    helm: helmScenario({
      className:
        'helm.benchmark.scenarios.starr_patient_instructions_scenario.StarrPatientInstructionsScenario',
      name: STARR_PATIENT_INSTRUCTIONS_ID,
      // HELM's args hold data_path, the user's file: kept out of run_spec.json (see the README).
      // StarrPatientInstructionsScenario.description verbatim, missing spaces included (HELM writes it to scenario.json).
      description:
        'PatientInstruct is a benchmark designed to evaluate models on generating personalizedpost-procedure instructions for patients. It includes real-world patient History & PhysicalNote (H&P) and operative report, from which models must produce clear, actionable instructionsappropriate for patients recovering from medical interventions.',
      tags: ['patient_communication', 'healthcare', 'instruction_generation', 'surgery'],
    }),
  });
}
