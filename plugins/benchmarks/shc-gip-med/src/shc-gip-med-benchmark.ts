import { fileURLToPath } from 'node:url';
import type { DatasetFileV1 } from '@medhelm/core';
import type { ShcMedBenchmarkDefinition } from '@medhelm/shc-med';

/**
 * The CSV, named as on MedHELM's leaderboard (any name when a run entry's `data_path` names the
 * file); `../data` holds a synthetic fixture of it (resolved from `src/` and `dist/`).
 */
export const SHC_GIP_MED_FILE: DatasetFileV1 = {
  name: 'medhelm-GIP-dataset_filtered.csv',
  samplePath: fileURLToPath(new URL('../data/medhelm-GIP-dataset_filtered.csv', import.meta.url)),
};

/**
 * HospiceReferral as HELM defines it: `SHCGIPMedScenario` (shc_gip_scenario.py) and `get_shc_gip_spec`
 * (medhelm_run_specs.py) at stanford-crfm/helm@63754d05; the texts are HELM's, verbatim (Apache-2.0).
 */
export const SHC_GIP_MED: ShcMedBenchmarkDefinition = {
  id: 'shc_gip_med',
  displayName: 'HospiceReferral',
  // The leaderboard's description (schema_medhelm.yaml).
  description:
    'HospiceReferral is a benchmark that evaluates model performance in identifying whether patients are eligible for hospice care based on palliative care clinical notes. The benchmark focuses on end-of-life care referral decisions.',
  category: 'Administration and Workflow',
  subcategory: 'Scheduling Resources and Staff',
  scenario: {
    className: 'helm.benchmark.scenarios.shc_gip_scenario.SHCGIPMedScenario',
    // The class attribute verbatim, missing spaces included (HELM writes it to scenario.json).
    description:
      'HospiceReferral is a benchmark that evaluates model performance in identifyingwhether patients are eligible for hospice care based on palliative care clinical notes.The benchmark focuses on end-of-life care referral decisions.',
  },
  file: SHC_GIP_MED_FILE,
  choices: ['A', 'B'],
  instructions: 'Answer A or B.',
  prompt: {},
};
