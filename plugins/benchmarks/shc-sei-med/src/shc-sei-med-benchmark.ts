import { fileURLToPath } from 'node:url';
import type { DatasetFileV1 } from '@medhelm/core';
import type { ShcMedBenchmarkDefinition } from '@medhelm/shc-med';

/**
 * The CSV, named as on MedHELM's leaderboard (any name when a run entry's `data_path` names the
 * file); `../data` holds a synthetic fixture of it (resolved from `src/` and `dist/`).
 */
export const SHC_SEI_MED_FILE: DatasetFileV1 = {
  name: 'medhelm-SEI-dataset_filtered.csv',
  samplePath: fileURLToPath(new URL('../data/medhelm-SEI-dataset_filtered.csv', import.meta.url)),
};

/**
 * ADHD-MedEffects as HELM defines it: `SHCSEIMedScenario` (shc_sei_scenario.py) and `get_shc_sei_spec`
 * (medhelm_run_specs.py) at stanford-crfm/helm@63754d05; the texts are HELM's, verbatim (Apache-2.0).
 */
export const SHC_SEI_MED: ShcMedBenchmarkDefinition = {
  id: 'shc_sei_med',
  displayName: 'ADHD-MedEffects',
  // The leaderboard's description (schema_medhelm.yaml).
  description:
    'ADHD-MedEffects is a benchmark designed to evaluate whether clinical notes for pediatric ADHD visits document medication side effect monitoring, which is a key recommendation in clinical practice guidelines. The dataset supports binary classification to detect presence or absence of side effect inquiries (SEI) within notes [(Bannet et al., 2024)](https://doi.org/10.1542/peds.2024-067223).',
  category: 'Clinical Decision Support',
  subcategory: 'Providing Clinical Knowledge Support',
  scenario: {
    className: 'helm.benchmark.scenarios.shc_sei_scenario.SHCSEIMedScenario',
    // The class attribute verbatim, missing spaces included (HELM writes it to scenario.json).
    description:
      'ADHD-MedEffects is a benchmark designed to evaluate whether clinical notes forpediatric ADHD visits document medication side effect monitoring, which is a key recommendationin clinical practice guidelines. The dataset supports binary classificationto detect presence or absence of side effect inquiries (SEI) within notes.',
  },
  file: SHC_SEI_MED_FILE,
  choices: ['A', 'B'],
  instructions: 'Answer A or B.',
  prompt: {
    preamble:
      'You are reviewing a clinical note from health records of children with attention deficit hyperactivity disorder (ADHD). Given the following definitions: side Effects Inquiry (SEI): Explicit documentation by the clinician asking about current side effects related to ADHD medications that the child is taking or documentation of specific ADHD medication side effects experienced by the patient. SEI does *not* include future side effects monitoring, such as documentation of potential ADHD medication side effects, including planning to follow patients to monitor side effects, explaining about potential side effects of an ADHD medication. These documentations are not categorized as SEI because they consist of a plan or an explanation about side effects without actual side effect monitoring taking place, and No Side Effects Inquiry (NSEI): No evidence of side effects monitoring. ',
  },
  publication: 'https://doi.org/10.1542/peds.2024-067223',
};
