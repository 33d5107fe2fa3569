import { fileURLToPath } from 'node:url';
import type { DatasetFileV1 } from '@medhelm/core';
import type { ShcMedBenchmarkDefinition } from '@medhelm/shc-med';

/**
 * The CSV, named as on MedHELM's leaderboard (any name when a run entry's `data_path` names the
 * file); `../data` holds a synthetic fixture of it (resolved from `src/` and `dist/`).
 */
export const SHC_PRIVACY_MED_FILE: DatasetFileV1 = {
  name: 'medhelm-PRIVACY-dataset_filtered.csv',
  samplePath: fileURLToPath(new URL('../data/medhelm-PRIVACY-dataset_filtered.csv', import.meta.url)),
};

/**
 * PrivacyDetection as HELM defines it: `SHCPRIVACYMedScenario` (shc_privacy_scenario.py) and `get_shc_privacy_spec`
 * (medhelm_run_specs.py) at stanford-crfm/helm@63754d05; the texts are HELM's, verbatim (Apache-2.0).
 */
export const SHC_PRIVACY_MED: ShcMedBenchmarkDefinition = {
  id: 'shc_privacy_med',
  displayName: 'PrivacyDetection',
  // The leaderboard's description (schema_medhelm.yaml).
  description:
    'PrivacyDetection is a benchmark composed of patient portal messages submitted by patients or caregivers. The task is to determine whether the message contains any confidential or privacy-leaking information that should be protected [(Tse G, et al., 2025)](https://doi.org/10.1001/jamapediatrics.2024.4438).',
  category: 'Patient Communication and Education',
  subcategory: 'Patient-Provider Messaging',
  scenario: {
    className: 'helm.benchmark.scenarios.shc_privacy_scenario.SHCPRIVACYMedScenario',
    // The class attribute verbatim, missing spaces included (HELM writes it to scenario.json).
    description:
      'PrivacyDetection is a benchmark composed of patient portal messages submitted bypatients or caregivers. The task is to determine whether the message contains anyconfidential or privacy-leaking information that should be protected.',
  },
  file: SHC_PRIVACY_MED_FILE,
  choices: ['A', 'B'],
  instructions: 'Answer A or B.',
  prompt: {
    preamble:
      'You are reviewing clinical messages in order to determine if any confidential information was included. ',
    lead: 'Please answer the following question: ',
  },
  publication: 'https://doi.org/10.1001/jamapediatrics.2024.4438',
};
