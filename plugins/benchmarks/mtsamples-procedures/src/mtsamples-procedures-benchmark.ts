import type { BenchmarkV1 } from '@medhelm/core';
import {
  createMtsamplesBenchmark,
  MTSAMPLES_SECTION_MARKERS,
  type MtsamplesBenchmarkDefinition,
  type MtsamplesOptions,
} from '@medhelm/mtsamples';
import { MTSAMPLES_PROCEDURES_FOLDER, mtsamplesProceduresHelmReads } from './mtsamples-procedures-dataset.ts';
import { mtsamplesProceduresJuryRubric } from './mtsamples-procedures-jury-rubric.ts';

/** HELM's run spec and scenario name. */
export const MTSAMPLES_PROCEDURES_ID = 'mtsamples_procedures';

/** The instructions of HELM's `get_mtsamples_procedures_spec` (medhelm_run_specs.py), verbatim. */
export const MTSAMPLES_PROCEDURES_INSTRUCTIONS =
  'Here are information about a patient, return a reasonable treatment plan for the patient.';

/**
 * MedHELM's MTSamples Procedures benchmark: write a treatment plan for a transcribed procedure
 * report whose PLAN/SUMMARY/FINDINGS section was cut off, judged by HELM's LLM jury against that
 * section, plus HELM's summarization ROUGE.
 */
export const MTSAMPLES_PROCEDURES: MtsamplesBenchmarkDefinition = {
  id: MTSAMPLES_PROCEDURES_ID,
  displayName: 'MTSamples Procedures',
  // HELM's ScenarioMetadata description (the class attribute below lacks some spaces).
  description:
    'MTSamples Procedures is a benchmark composed of transcribed operative notes, focused on documenting surgical procedures. Each example presents a brief patient case involving a surgical intervention, and the model is tasked with generating a coherent and clinically accurate procedural summary or treatment plan.',
  category: 'Clinical Note Generation',
  subcategory: 'Recording Procedures',
  folder: MTSAMPLES_PROCEDURES_FOLDER,
  // MTSamplesProceduresScenario cuts the input before PLAN:, then SUMMARY:, then FINDINGS:.
  cutMarkers: MTSAMPLES_SECTION_MARKERS,
  helmReads: mtsamplesProceduresHelmReads,
  // get_mtsamples_procedures_spec: input_noun="Patient Notes", newline_after_input_noun=False, at
  // most 512 tokens.
  prompt: { instructions: MTSAMPLES_PROCEDURES_INSTRUCTIONS, inputNoun: 'Patient Notes' },
  rubric: mtsamplesProceduresJuryRubric,
  scenario: {
    className: 'helm.benchmark.scenarios.mtsamples_procedures_scenario.MTSamplesProceduresScenario',
    // MTSamplesProceduresScenario.description verbatim, missing spaces included (HELM writes it to scenario.json).
    description:
      'MTSamples Procedures is a benchmark composed of transcribed operative notes,focused on documenting surgical procedures. Each example presents a brief patient caseinvolving a surgical intervention, and the model is tasked with generating a coherentand clinically accurate procedural summary or treatment plan.',
  },
};

/** The MTSamples Procedures benchmark (see {@link MTSAMPLES_PROCEDURES} and `MtsamplesOptions`). */
export function createMtsamplesProceduresBenchmark(options: MtsamplesOptions = {}): BenchmarkV1 {
  return createMtsamplesBenchmark(MTSAMPLES_PROCEDURES, options);
}
