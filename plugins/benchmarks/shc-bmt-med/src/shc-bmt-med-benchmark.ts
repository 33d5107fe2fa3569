import { fileURLToPath } from 'node:url';
import type { DatasetFileV1 } from '@medhelm/core';
import type { ShcMedBenchmarkDefinition } from '@medhelm/shc-med';

/**
 * The CSV, named as on MedHELM's leaderboard (any name when a run entry's `data_path` names the
 * file); `../data` holds a synthetic fixture of it (resolved from `src/` and `dist/`).
 */
export const SHC_BMT_MED_FILE: DatasetFileV1 = {
  name: 'medhelm-BMT-dataset_filtered.csv',
  samplePath: fileURLToPath(new URL('../data/medhelm-BMT-dataset_filtered.csv', import.meta.url)),
};

/**
 * BMT-Status as HELM defines it: `SHCBMTMedScenario` (shc_bmt_scenario.py) and `get_shc_bmt_spec`
 * (medhelm_run_specs.py) at stanford-crfm/helm@63754d05; the texts are HELM's, verbatim (Apache-2.0).
 */
export const SHC_BMT_MED: ShcMedBenchmarkDefinition = {
  id: 'shc_bmt_med',
  displayName: 'BMT-Status',
  // The leaderboard's description (schema_medhelm.yaml).
  description:
    'BMT-Status is a benchmark composed of clinical notes and associated binary questions related to bone marrow transplant (BMT), hematopoietic stem cell transplant (HSCT), or hematopoietic cell transplant (HCT) status. The goal is to determine whether the patient received a subsequent transplant based on the provided clinical documentation.',
  category: 'Medical Research Assistance',
  subcategory: 'Recording Research Processes',
  scenario: {
    className: 'helm.benchmark.scenarios.shc_bmt_scenario.SHCBMTMedScenario',
    // The class attribute verbatim, missing spaces included (HELM writes it to scenario.json).
    description:
      'BMT-Status is a benchmark composed of clinical notes and associated binary questionsrelated to bone marrow transplant (BMT), hematopoietic stem cell transplant (HSCT),or hematopoietic cell transplant (HCT) status. The goal is to determine whether thepatient received a subsequent transplant based on the provided clinical documentation.',
  },
  file: SHC_BMT_MED_FILE,
  choices: ['A', 'B'],
  instructions: 'Answer A or B.',
  prompt: {},
};
