import { fileURLToPath } from 'node:url';
import type { DatasetFileV1 } from '@medhelm/core';
import type { ShcMedBenchmarkDefinition } from '@medhelm/shc-med';

/**
 * The CSV, named as on MedHELM's leaderboard (any name when a run entry's `data_path` names the
 * file); `../data` holds a synthetic fixture of it (resolved from `src/` and `dist/`).
 */
export const SHC_CDI_MED_FILE: DatasetFileV1 = {
  name: 'medhelm-CDI-dataset_filtered.csv',
  samplePath: fileURLToPath(new URL('../data/medhelm-CDI-dataset_filtered.csv', import.meta.url)),
};

/**
 * CDI-QA as HELM defines it: `SHCCDIMedScenario` (shc_cdi_scenario.py) and `get_shc_cdi_spec`
 * (medhelm_run_specs.py) at stanford-crfm/helm@63754d05; the texts are HELM's, verbatim (Apache-2.0).
 */
export const SHC_CDI_MED: ShcMedBenchmarkDefinition = {
  id: 'shc_cdi_med',
  displayName: 'CDI-QA',
  // The leaderboard's description (schema_medhelm.yaml).
  description:
    "CDI-QA is a benchmark constructed from Clinical Documentation Integrity (CDI) notes. It is used to evaluate a model's ability to verify clinical conditions based on documented evidence in patient records.",
  category: 'Administration and Workflow',
  subcategory: 'Care Coordination and Planning',
  scenario: {
    className: 'helm.benchmark.scenarios.shc_cdi_scenario.SHCCDIMedScenario',
    // The class attribute verbatim, missing spaces included (HELM writes it to scenario.json).
    description:
      "CDI-QA is a benchmark constructed from Clinical Documentation Integrity (CDI)notes. It is used to evaluate a model's ability to verify clinical conditions based ondocumented evidence in patient records.",
  },
  file: SHC_CDI_MED_FILE,
  choices: ['A', 'B'],
  instructions: 'Answer A or B.',
  prompt: {
    answer:
      "Answer the question with either 'A' for yes or 'B' for no. Do not provide any additional details or response, just a simple A or B response.",
  },
};
