import { join } from 'node:path';
import { describeShcMedBenchmark } from '@medhelm/shc-med/testing';
import { plugin, shcPrivacyMedBenchmark } from './index.ts';

// The fixture's instances and first prompt are what HELM's own SHCPRIVACYMedScenario makes of
// data/medhelm-PRIVACY-dataset_filtered.csv.
describeShcMedBenchmark(shcPrivacyMedBenchmark, {
  packageJsonPath: join(import.meta.dirname, '..', 'package.json'),
  plugin,
  description: {
    id: 'shc_privacy_med',
    displayName: 'PrivacyDetection',
    category: 'Patient Communication and Education',
    subcategory: 'Patient-Provider Messaging',
    scenarioClassName: 'helm.benchmark.scenarios.shc_privacy_scenario.SHCPRIVACYMedScenario',
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
      "Answer A or B.\n\n: You are reviewing clinical messages in order to determine if any confidential information was included. Please answer the following question: Does the message include confidential information about the patient? with the following context: [SYNTHETIC FIXTURE: invented for @medhelm/benchmark-shc-privacy-med; not patient data]\nFictional patient Alpha. Message draft: \"Hi, your results from the invented clinic visit are ready; call us to discuss the test you asked us to keep private.\"\nPlan: invented follow-up, no real data. , Answer the question with a 'A' for yes or 'B' for no. Do not provide any additional details or response, just a simple A or B response.\nA. A\nB. B\n:",
  },
  conformanceLines: 14,
});
