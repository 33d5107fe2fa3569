import { fileURLToPath } from 'node:url';
import type { DatasetFileV1 } from '@medhelm/core';
import type { ShcMedBenchmarkDefinition } from '@medhelm/shc-med';

/**
 * The CSV, named as on MedHELM's leaderboard (any name when a run entry's `data_path` names the
 * file); `../data` holds a synthetic fixture of it (resolved from `src/` and `dist/`).
 */
export const SHC_PROXY_MED_FILE: DatasetFileV1 = {
  name: 'medhelm-PROXY-dataset_filtered.csv',
  samplePath: fileURLToPath(new URL('../data/medhelm-PROXY-dataset_filtered.csv', import.meta.url)),
};

/**
 * ProxySender as HELM defines it: `SHCPROXYMedScenario` (shc_proxy_scenario.py) and `get_shc_proxy_spec`
 * (medhelm_run_specs.py) at stanford-crfm/helm@63754d05; the texts are HELM's, verbatim (Apache-2.0).
 */
export const SHC_PROXY_MED: ShcMedBenchmarkDefinition = {
  id: 'shc_proxy_med',
  displayName: 'ProxySender',
  // The leaderboard's description (schema_medhelm.yaml).
  description:
    'ProxySender is a benchmark composed of patient portal messages received by clinicians. It evaluates whether the message was sent by the patient or by a proxy user (e.g., parent, spouse), which is critical for understanding who is communicating with healthcare providers. [(Tse G, et al., 2025)](https://doi.org/10.1001/jamapediatrics.2024.4438).',
  category: 'Patient Communication and Education',
  subcategory: 'Patient-Provider Messaging',
  scenario: {
    className: 'helm.benchmark.scenarios.shc_proxy_scenario.SHCPROXYMedScenario',
    // The class attribute verbatim, missing spaces included (HELM writes it to scenario.json).
    description:
      'ProxySender is a benchmark composed of patient portal messages received by clinicians.It evaluates whether the message was sent by the patient or by a proxy user (e.g., parent,spouse), which is critical for understanding who is communicating with healthcareproviders.',
  },
  file: SHC_PROXY_MED_FILE,
  choices: ['A', 'B', 'C'],
  instructions: 'Answer A, B, or C.',
  prompt: {
    preamble:
      'You are reviewing a clinical messages in order to determine if they have been sent by a proxy user. ',
    lead: 'Please determine the following: ',
  },
  publication: 'https://doi.org/10.1001/jamapediatrics.2024.4438',
};
