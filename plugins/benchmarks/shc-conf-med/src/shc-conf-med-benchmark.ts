import { fileURLToPath } from 'node:url';
import type { DatasetFileV1 } from '@medhelm/core';
import type { ShcMedBenchmarkDefinition } from '@medhelm/shc-med';

/**
 * The CSV, named as on MedHELM's leaderboard (any name when a run entry's `data_path` names the
 * file); `../data` holds a synthetic fixture of it (resolved from `src/` and `dist/`).
 */
export const SHC_CONF_MED_FILE: DatasetFileV1 = {
  name: 'medhelm-CONF-dataset_filtered.csv',
  samplePath: fileURLToPath(new URL('../data/medhelm-CONF-dataset_filtered.csv', import.meta.url)),
};

/**
 * MedConfInfo as HELM defines it: `SHCCONFMedScenario` (shc_conf_scenario.py) and `get_shc_conf_spec`
 * (medhelm_run_specs.py) at stanford-crfm/helm@63754d05; the texts are HELM's, verbatim (Apache-2.0).
 */
export const SHC_CONF_MED: ShcMedBenchmarkDefinition = {
  id: 'shc_conf_med',
  displayName: 'MedConfInfo',
  // The leaderboard's description (schema_medhelm.yaml).
  description:
    'MedConfInfo is a benchmark comprising clinical notes from adolescent patients. It is used to evaluate whether the content contains sensitive protected health information (PHI) that should be restricted from parental access, in accordance with adolescent confidentiality policies in clinical care. [(Rabbani et al., 2024)](https://jamanetwork.com/journals/jamapediatrics/fullarticle/2814109).',
  category: 'Patient Communication and Education',
  subcategory: 'Patient-Provider Messaging',
  scenario: {
    className: 'helm.benchmark.scenarios.shc_conf_scenario.SHCCONFMedScenario',
    // The class attribute verbatim, missing spaces included (HELM writes it to scenario.json).
    description:
      'MedConfInfo is a benchmark comprising clinical notes from adolescent patients. It isused to evaluate whether the content contains sensitive protected health information(PHI) that should be restricted from parental access, in accordance with adolescentconfidentiality policies in clinical care.',
  },
  file: SHC_CONF_MED_FILE,
  choices: ['A', 'B'],
  instructions: 'Answer A or B.',
  prompt: {},
  publication: 'https://jamanetwork.com/journals/jamapediatrics/fullarticle/2814109',
};
