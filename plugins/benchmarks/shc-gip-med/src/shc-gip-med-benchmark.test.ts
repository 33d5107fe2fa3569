import { join } from 'node:path';
import { describeShcMedBenchmark } from '@medhelm/shc-med/testing';
import { plugin, shcGipMedBenchmark } from './index.ts';

// The fixture's instances and first prompt are what HELM's own SHCGIPMedScenario makes of
// data/medhelm-GIP-dataset_filtered.csv.
describeShcMedBenchmark(shcGipMedBenchmark, {
  packageJsonPath: join(import.meta.dirname, '..', 'package.json'),
  plugin,
  description: {
    id: 'shc_gip_med',
    displayName: 'HospiceReferral',
    category: 'Administration and Workflow',
    subcategory: 'Scheduling Resources and Staff',
    scenarioClassName: 'helm.benchmark.scenarios.shc_gip_scenario.SHCGIPMedScenario',
  },
  fixture: {
    instances: [
      ['Alpha', 'B'],
      ['Bravo', 'B'],
      ['Charlie', 'B'],
      ['Delta', 'A'],
    ],
    choices: ['A', 'B'],
    firstPrompt:
      "Answer A or B.\n\n: Provide an answer to the following question: Is the patient eligible for a hospice referral? with the following context: [SYNTHETIC FIXTURE: invented for @medhelm/benchmark-shc-gip-med; not patient data]\nFictional patient Alpha. Palliative care note: invented metastatic cancer, PPS 30%, declining oral intake; family wishes comfort-focused care.\nPlan: invented follow-up, no real data. , Answer the question with a 'A' for yes or 'B' for no. Do not provide any additional details or response, just a simple A or B response.\nA. A\nB. B\n:",
  },
  conformanceLines: 14,
});
