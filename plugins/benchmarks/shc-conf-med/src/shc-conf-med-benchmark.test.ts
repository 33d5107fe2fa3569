import { join } from 'node:path';
import { describeShcMedBenchmark } from '@medhelm/shc-med/testing';
import { plugin, shcConfMedBenchmark } from './index.ts';

// The fixture's instances and first prompt are what HELM's own SHCCONFMedScenario makes of
// data/medhelm-CONF-dataset_filtered.csv.
describeShcMedBenchmark(shcConfMedBenchmark, {
  packageJsonPath: join(import.meta.dirname, '..', 'package.json'),
  plugin,
  description: {
    id: 'shc_conf_med',
    displayName: 'MedConfInfo',
    category: 'Patient Communication and Education',
    subcategory: 'Patient-Provider Messaging',
    scenarioClassName: 'helm.benchmark.scenarios.shc_conf_scenario.SHCCONFMedScenario',
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
      "Answer A or B.\n\n: Provide an answer to the following question: Does the note contain confidential information that should be restricted from parental access? with the following context: [SYNTHETIC FIXTURE: invented for @medhelm/benchmark-shc-conf-med; not patient data]\nFictional patient Alpha. Adolescent visit; teen seen alone, discusses invented contraception counseling, asked that parents not be told.\nPlan: invented follow-up, no real data. , Answer the question with a 'A' for yes or 'B' for no. Do not provide any additional details or response, just a simple A or B response.\nA. A\nB. B\n:",
  },
  conformanceLines: 14,
});
