import { join } from 'node:path';
import { describeShcMedBenchmark } from '@medhelm/shc-med/testing';
import { plugin, shcEntMedBenchmark } from './index.ts';

// The fixture's instances and first prompt are what HELM's own SHCENTMedScenario makes of
// data/medhelm-ENT-dataset_filtered.csv.
describeShcMedBenchmark(shcEntMedBenchmark, {
  packageJsonPath: join(import.meta.dirname, '..', 'package.json'),
  plugin,
  description: {
    id: 'shc_ent_med',
    displayName: 'ENT-Referral',
    category: 'Administration and Workflow',
    subcategory: 'Care Coordination and Planning',
    scenarioClassName: 'helm.benchmark.scenarios.shc_ent_scenario.SHCENTMedScenario',
  },
  fixture: {
    instances: [
      ['Alpha', 'A'],
      ['Charlie', 'C'],
      ['Alpha', 'A'],
      ['Delta', 'B'],
    ],
    choices: ['A', 'B', 'C'],
    firstPrompt:
      "Answer A, B, or C.\n\n: 1 Provide an answer to the following question: Is the referral for chronic sinusitis? with the following context: [SYNTHETIC FIXTURE: invented for @medhelm/benchmark-shc-ent-med; not patient data]\nFictional patient Alpha. Twelve weeks of nasal congestion, facial pressure and invented polyps on exam; failed two courses of antibiotics.\nPlan: invented follow-up, no real data. , Answer the question with either 'A' for yes, 'B' for no, or 'C' for no mention. Do not provide any additional details or response, just a simple A, B, or C response.\nA. A\nB. B\nC. C\n:",
  },
  conformanceLines: 16,
});
