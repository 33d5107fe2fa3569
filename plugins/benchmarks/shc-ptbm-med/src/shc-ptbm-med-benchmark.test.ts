import { join } from 'node:path';
import { describeShcMedBenchmark } from '@medhelm/shc-med/testing';
import { plugin, shcPtbmMedBenchmark } from './index.ts';

// The fixture's instances and first prompt are what HELM's own SHCPTBMMedScenario makes of
// data/medhelm-PTBM-dataset_filtered.csv.
describeShcMedBenchmark(shcPtbmMedBenchmark, {
  packageJsonPath: join(import.meta.dirname, '..', 'package.json'),
  plugin,
  description: {
    id: 'shc_ptbm_med',
    displayName: 'ADHD-Behavior',
    category: 'Clinical Decision Support',
    subcategory: 'Providing Clinical Knowledge Support',
    scenarioClassName: 'helm.benchmark.scenarios.shc_ptbm_scenario.SHCPTBMMedScenario',
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
      "Answer A or B.\n\n: You are reviewing a clinical note from health records of children with attention deficit hyperactivity disorder (ADHD) and classifying mentions of behavioral therapy. Provide an answer to the following question: Does the clinician recommend parent training in behavior management? with the following context: [SYNTHETIC FIXTURE: invented for @medhelm/benchmark-shc-ptbm-med; not patient data]\nFictional patient Alpha. Five-year-old with invented ADHD symptoms; discussed parent training in behavior management and gave a referral to a \"parenting class\".\nPlan: invented follow-up, no real data. , Answer the question with a 'A' for yes or 'B' for no. Do not provide any additional details or response, just a simple A or B response.\nA. A\nB. B\n:",
  },
  conformanceLines: 14,
});
