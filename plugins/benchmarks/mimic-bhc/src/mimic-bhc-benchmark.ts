import { helmScenario, juryBenchmarkParts } from '@medhelm/benchmark-recipes';
import { type BenchmarkV1, defineBenchmark } from '@medhelm/core';
import { createMimicBhcDataset } from './mimic-bhc-dataset.ts';
import { mimicBhcJuryRubric } from './mimic-bhc-jury-rubric.ts';

/** HELM's run spec and scenario name. */
export const MIMIC_BHC_ID = 'mimic_bhc';

/** The instructions of HELM's `get_mimic_bhc_spec` (medhelm_run_specs.py), verbatim. */
export const MIMIC_BHC_INSTRUCTIONS = 'Summarize the clinical note into a brief hospital course.';

/**
 * MedHELM's MIMIC-IV-BHC benchmark: summarize a MIMIC-IV discharge note into its brief hospital
 * course, judged by HELM's three-judge LLM jury (`mimic_bhc_accuracy`, the headline) with ROUGE
 * alongside. Gated: the data comes from PhysioNet under a data use agreement.
 */
export function createMimicBhcBenchmark(): BenchmarkV1 {
  return defineBenchmark({
    id: MIMIC_BHC_ID,
    displayName: 'MIMIC-IV-BHC',
    // HELM's ScenarioMetadata description (the class attribute below lacks some spaces).
    description:
      "MIMIC-BHC is a benchmark focused on summarization of discharge notes into Brief Hospital Course (BHC) sections. It consists of curated discharge notes from MIMIC-IV, each paired with its corresponding BHC summary. The benchmark evaluates a model's ability to condense detailed clinical information into accurate, concise summaries that reflect the patient's hospital stay [(Aali et al., 2024)](https://doi.org/10.1093/jamia/ocae312).",
    category: 'Clinical Note Generation',
    subcategory: 'Documenting Patient Visits',
    dataset: createMimicBhcDataset(),
    // get_mimic_bhc_spec: one brief hospital course of at most 1024 tokens, judged by the jury.
    ...juryBenchmarkParts(MIMIC_BHC_ID, mimicBhcJuryRubric, {
      instructions: MIMIC_BHC_INSTRUCTIONS,
      inputNoun: 'Clinical Note',
      newlineAfterInputNoun: true,
      outputNoun: 'Brief Hospital Course',
      newlineAfterOutputNoun: true,
      maxTokens: 1024,
    }),
    helm: helmScenario({
      className: 'helm.benchmark.scenarios.mimic_bhc_scenario.MIMICBHCScenario',
      name: MIMIC_BHC_ID,
      // HELM's args hold data_path, the user's file: kept out of run_spec.json (see the README).
      // MIMICBHCScenario.description verbatim, missing spaces included (HELM writes it to scenario.json).
      description:
        "MIMIC-BHC is a benchmark focused on summarization of discharge notes into BriefHospital Course (BHC) sections. It consists of curated discharge notes from MIMIC-IV,each paired with its corresponding BHC summary. The benchmark evaluates a model'sability to condense detailed clinical information into accurate, concise summaries thatreflect the patient's hospital stay.",
      tags: ['summarization', 'biomedical'],
    }),
  });
}
