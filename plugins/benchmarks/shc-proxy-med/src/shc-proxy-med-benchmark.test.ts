import { join } from 'node:path';
import { describeShcMedBenchmark } from '@medhelm/shc-med/testing';
import { plugin, shcProxyMedBenchmark } from './index.ts';

// The fixture's instances and first prompt are what HELM's own SHCPROXYMedScenario makes of
// data/medhelm-PROXY-dataset_filtered.csv.
describeShcMedBenchmark(shcProxyMedBenchmark, {
  packageJsonPath: join(import.meta.dirname, '..', 'package.json'),
  plugin,
  description: {
    id: 'shc_proxy_med',
    displayName: 'ProxySender',
    category: 'Patient Communication and Education',
    subcategory: 'Patient-Provider Messaging',
    scenarioClassName: 'helm.benchmark.scenarios.shc_proxy_scenario.SHCPROXYMedScenario',
  },
  fixture: {
    instances: [
      ['Alpha', 'B'],
      ['Bravo', 'B'],
      ['Charlie', 'C'],
      ['Delta', 'A'],
    ],
    choices: ['A', 'B', 'C'],
    firstPrompt:
      "Answer A, B, or C.\n\n: You are reviewing a clinical messages in order to determine if they have been sent by a proxy user. Please determine the following: Was this message written by someone other than the patient? with the following context: [SYNTHETIC FIXTURE: invented for @medhelm/benchmark-shc-proxy-med; not patient data]\nFictional patient Alpha. Portal message: \"Hi Dr. Example, my son has had an invented fever since yesterday, should I bring him in?\"\nPlan: invented follow-up, no real data. , Answer the question with a 'A' for yes or 'B' for no. Do not provide any additional details or response, just a simple A or B response.\nA. A\nB. B\nC. C\n:",
  },
  conformanceLines: 14,
});
