import { join } from 'node:path';
import { describeShcMedBenchmark } from '@medhelm/shc-med/testing';
import { plugin, shcBmtMedBenchmark } from './index.ts';

// The fixture's instances and first prompt are what HELM's own SHCBMTMedScenario makes of
// data/medhelm-BMT-dataset_filtered.csv.
describeShcMedBenchmark(shcBmtMedBenchmark, {
  packageJsonPath: join(import.meta.dirname, '..', 'package.json'),
  plugin,
  description: {
    id: 'shc_bmt_med',
    displayName: 'BMT-Status',
    category: 'Medical Research Assistance',
    subcategory: 'Recording Research Processes',
    scenarioClassName: 'helm.benchmark.scenarios.shc_bmt_scenario.SHCBMTMedScenario',
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
      "Answer A or B.\n\n: Provide an answer to the following question: Has the patient received a bone marrow transplant? with the following context: [SYNTHETIC FIXTURE: invented for @medhelm/benchmark-shc-bmt-med; not patient data]\nFictional patient Alpha. Day +45 after allogeneic hematopoietic stem cell transplant for invented leukemia; engraftment confirmed, on tacrolimus.\nPlan: invented follow-up, no real data. , Answer the question with a 'A' for yes or 'B' for no. Do not provide any additional details or response, just a simple A or B response.\nA. A\nB. B\n:",
  },
  conformanceLines: 14,
});
