import { join } from 'node:path';
import { describeShcMedBenchmark } from '@medhelm/shc-med/testing';
import { plugin, shcSequoiaMedBenchmark } from './index.ts';

// The fixture's instances and first prompt are what HELM's own SHCSequoiaMedScenario makes of
// data/medhelm-sequoia-dataset_filtered.csv.
describeShcMedBenchmark(shcSequoiaMedBenchmark, {
  packageJsonPath: join(import.meta.dirname, '..', 'package.json'),
  plugin,
  description: {
    id: 'shc_sequoia_med',
    displayName: 'ClinicReferral',
    category: 'Administration and Workflow',
    subcategory: 'Organizing Workflow Processes',
    scenarioClassName: 'helm.benchmark.scenarios.shc_sequoia_scenario.SHCSequoiaMedScenario',
  },
  fixture: {
    instances: [
      ['Alpha', 'A'],
      ['Bravo', 'B'],
      ['Alpha', 'A'],
      ['Charlie', 'B'],
    ],
    choices: ['A', 'B'],
    firstPrompt:
      "Answer A or B.\n\n:  1 Provide an answer to the following question: Should the patient be referred to the Sequoia clinic? with the following context: [SYNTHETIC FIXTURE: invented for @medhelm/benchmark-shc-sequoia-med; not patient data]\nFictional patient Alpha. Palliative care note: invented heart failure with frequent admissions, high symptom burden; team suggests clinic referral.\nPlan: invented follow-up, no real data. , Answer the question with a 'A' for yes or 'B' for no. Do not provide any additional details or response, just a simple A or B response.\nA. A\nB. B\n:",
  },
  conformanceLines: 16,
});
