import type { BenchmarkV1 } from '@medhelm/core';
import {
  createMtsamplesBenchmark,
  type MtsamplesBenchmarkDefinition,
  type MtsamplesOptions,
} from '@medhelm/mtsamples';
import { MTSAMPLES_REPLICATE_FOLDER, mtsamplesReplicateHelmReads } from './mtsamples-replicate-dataset.ts';
import { mtsamplesReplicateJuryRubric } from './mtsamples-replicate-jury-rubric.ts';

/** HELM's run spec and scenario name. */
export const MTSAMPLES_REPLICATE_ID = 'mtsamples_replicate';

/** The instructions of HELM's `get_mtsamples_spec` (medhelm_run_specs.py), verbatim. */
export const MTSAMPLES_REPLICATE_INSTRUCTIONS =
  'Given various information about a patient, return a reasonable treatment plan for the patient.';

/**
 * MedHELM's MTSamples (Replicate) benchmark: write a treatment plan for a transcribed medical
 * report whose PLAN section was cut off, judged by HELM's LLM jury against the plan (or the
 * SUMMARY/FINDINGS line where there is no plan), plus HELM's summarization ROUGE.
 */
export const MTSAMPLES_REPLICATE: MtsamplesBenchmarkDefinition = {
  id: MTSAMPLES_REPLICATE_ID,
  displayName: 'MTSamples',
  // HELM's ScenarioMetadata description (the class attribute below lacks some spaces).
  description:
    "MTSamples Replicate is a benchmark that provides transcribed medical reports from various specialties. It is used to evaluate a model's ability to generate clinically appropriate treatment plans based on unstructured patient documentation [(MTSamples, 2025)](https://mtsamples.com).",
  category: 'Clinical Decision Support',
  subcategory: 'Planning Treatments',
  folder: MTSAMPLES_REPLICATE_FOLDER,
  // HELM's remove_plan_section cuts the input before PLAN: only, so a SUMMARY or FINDINGS section
  // that gave the reference stays in the prompt.
  cutMarkers: ['PLAN:'],
  helmReads: mtsamplesReplicateHelmReads,
  // get_mtsamples_spec: input_noun=None (no input prefix at all), at most 512 tokens.
  prompt: { instructions: MTSAMPLES_REPLICATE_INSTRUCTIONS, inputNoun: null },
  rubric: mtsamplesReplicateJuryRubric,
  scenario: {
    className: 'helm.benchmark.scenarios.mtsamples_replicate_scenario.MTSamplesReplicateScenario',
    // MTSamplesReplicateScenario.description verbatim, missing spaces included (HELM writes it to scenario.json).
    description:
      "MTSamples Replicate is a benchmark that provides transcribed medical reportsfrom various specialties. It is used to evaluate a model's ability to generate clinicallyappropriate treatment plans based on unstructured patient documentation",
  },
};

/** The MTSamples (Replicate) benchmark (see {@link MTSAMPLES_REPLICATE} and `MtsamplesOptions`). */
export function createMtsamplesReplicateBenchmark(options: MtsamplesOptions = {}): BenchmarkV1 {
  return createMtsamplesBenchmark(MTSAMPLES_REPLICATE, options);
}
