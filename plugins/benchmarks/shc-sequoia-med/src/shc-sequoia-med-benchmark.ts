import { fileURLToPath } from 'node:url';
import type { DatasetFileV1 } from '@medhelm/core';
import type { ShcMedBenchmarkDefinition } from '@medhelm/shc-med';

/**
 * The CSV, named as on MedHELM's leaderboard (any name when a run entry's `data_path` names the
 * file); `../data` holds a synthetic fixture of it (resolved from `src/` and `dist/`).
 */
export const SHC_SEQUOIA_MED_FILE: DatasetFileV1 = {
  name: 'medhelm-sequoia-dataset_filtered.csv',
  samplePath: fileURLToPath(new URL('../data/medhelm-sequoia-dataset_filtered.csv', import.meta.url)),
};

/**
 * ClinicReferral as HELM defines it: `SHCSequoiaMedScenario` (shc_sequoia_scenario.py) and `get_shc_sequoia_spec`
 * (medhelm_run_specs.py) at stanford-crfm/helm@63754d05; the texts are HELM's, verbatim (Apache-2.0).
 */
export const SHC_SEQUOIA_MED: ShcMedBenchmarkDefinition = {
  id: 'shc_sequoia_med',
  displayName: 'ClinicReferral',
  // The leaderboard's description (schema_medhelm.yaml).
  description:
    'ClinicReferral is a benchmark that determines patient eligibility for referral to the Sequoia Clinic based on information from palliative care notes. The dataset provides curated decisions on referral appropriateness to assist in automating clinic workflows.',
  category: 'Administration and Workflow',
  subcategory: 'Organizing Workflow Processes',
  scenario: {
    className: 'helm.benchmark.scenarios.shc_sequoia_scenario.SHCSequoiaMedScenario',
    // The class attribute verbatim, missing spaces included (HELM writes it to scenario.json).
    description:
      'ClinicReferral is a benchmark that determines patient eligibility for referral to theSequoia Clinic based on information from palliative care notes. The dataset providescurated decisions on referral appropriateness to assist in automating clinic workflows.',
  },
  file: SHC_SEQUOIA_MED_FILE,
  choices: ['A', 'B'],
  instructions: 'Answer A or B.',
  prompt: {
    questionColumn: 'question',
    counterPrefix: ' ',
  },
};
