import { fileURLToPath } from 'node:url';
import type { DatasetFileV1 } from '@medhelm/core';
import type { ShcMedBenchmarkDefinition } from '@medhelm/shc-med';

/**
 * The CSV, named as on MedHELM's leaderboard (any name when a run entry's `data_path` names the
 * file); `../data` holds a synthetic fixture of it (resolved from `src/` and `dist/`).
 */
export const SHC_ENT_MED_FILE: DatasetFileV1 = {
  name: 'medhelm-ENT-dataset_filtered.csv',
  samplePath: fileURLToPath(new URL('../data/medhelm-ENT-dataset_filtered.csv', import.meta.url)),
};

/**
 * ENT-Referral as HELM defines it: `SHCENTMedScenario` (shc_ent_scenario.py) and `get_shc_ent_spec`
 * (medhelm_run_specs.py) at stanford-crfm/helm@63754d05; the texts are HELM's, verbatim (Apache-2.0).
 */
export const SHC_ENT_MED: ShcMedBenchmarkDefinition = {
  id: 'shc_ent_med',
  displayName: 'ENT-Referral',
  // The leaderboard's description (schema_medhelm.yaml).
  description:
    "ENT-Referral is a benchmark designed to evaluate whether a patient's clinical note supports a referral to an Ear, Nose, and Throat (ENT) specialist. It helps assess models' abilities to make referral decisions based on unstructured clinical text",
  category: 'Administration and Workflow',
  subcategory: 'Care Coordination and Planning',
  scenario: {
    className: 'helm.benchmark.scenarios.shc_ent_scenario.SHCENTMedScenario',
    // The class attribute verbatim, missing spaces included (HELM writes it to scenario.json).
    description:
      "ENT-Referral is a benchmark designed to evaluate whether a patient's clinical notesupports a referral to an Ear, Nose, and Throat (ENT) specialist. It helps assessmodels' abilities to make referral decisions based on unstructured clinical text.",
  },
  file: SHC_ENT_MED_FILE,
  choices: ['A', 'B', 'C'],
  instructions: 'Answer A, B, or C.',
  prompt: {
    counterPrefix: '',
    skipEmptyLabels: true,
    answer:
      "Answer the question with either 'A' for yes, 'B' for no, or 'C' for no mention. Do not provide any additional details or response, just a simple A, B, or C response.",
  },
};
