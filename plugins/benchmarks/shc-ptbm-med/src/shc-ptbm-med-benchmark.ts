import { fileURLToPath } from 'node:url';
import type { DatasetFileV1 } from '@medhelm/core';
import type { ShcMedBenchmarkDefinition } from '@medhelm/shc-med';

/**
 * The CSV, named as on MedHELM's leaderboard (any name when a run entry's `data_path` names the
 * file); `../data` holds a synthetic fixture of it (resolved from `src/` and `dist/`).
 */
export const SHC_PTBM_MED_FILE: DatasetFileV1 = {
  name: 'medhelm-PTBM-dataset_filtered.csv',
  samplePath: fileURLToPath(new URL('../data/medhelm-PTBM-dataset_filtered.csv', import.meta.url)),
};

/**
 * ADHD-Behavior as HELM defines it: `SHCPTBMMedScenario` (shc_ptbm_scenario.py) and `get_shc_ptbm_spec`
 * (medhelm_run_specs.py) at stanford-crfm/helm@63754d05; the texts are HELM's, verbatim (Apache-2.0).
 */
export const SHC_PTBM_MED: ShcMedBenchmarkDefinition = {
  id: 'shc_ptbm_med',
  displayName: 'ADHD-Behavior',
  // The leaderboard's description (schema_medhelm.yaml).
  description:
    "ADHD-Behavior is a benchmark that evaluates a model's ability to detect whether a clinician recommends parent training in behavior management, an evidence-based first-line treatment for young children diagnosed with ADHD. Each instance includes a clinical note from a pediatric visit and a binary classification task [(Pillai et al., 2024)](https://doi.org/10.1093/jamia/ocae001).",
  category: 'Clinical Decision Support',
  subcategory: 'Providing Clinical Knowledge Support',
  scenario: {
    className: 'helm.benchmark.scenarios.shc_ptbm_scenario.SHCPTBMMedScenario',
    // The class attribute verbatim, missing spaces included (HELM writes it to scenario.json).
    description:
      'ADHD-Behavior is a benchmark that evaluates a model’s ability to detect whethera clinician recommends parent training in behavior management, an evidence-basedfirst-line treatment for young children diagnosed with ADHD. Each instance includesa clinical note from a pediatric visit and a binary classification task.',
  },
  file: SHC_PTBM_MED_FILE,
  choices: ['A', 'B'],
  instructions: 'Answer A or B.',
  prompt: {
    preamble:
      'You are reviewing a clinical note from health records of children with attention deficit hyperactivity disorder (ADHD) and classifying mentions of behavioral therapy. ',
  },
  publication: 'https://doi.org/10.1093/jamia/ocae001',
};
