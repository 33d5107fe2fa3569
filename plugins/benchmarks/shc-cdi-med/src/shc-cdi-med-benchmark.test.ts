import { join } from 'node:path';
import { describeShcMedBenchmark } from '@medhelm/shc-med/testing';
import { plugin, shcCdiMedBenchmark } from './index.ts';

// The fixture's instances and first prompt are what HELM's own SHCCDIMedScenario makes of
// data/medhelm-CDI-dataset_filtered.csv.
describeShcMedBenchmark(shcCdiMedBenchmark, {
  packageJsonPath: join(import.meta.dirname, '..', 'package.json'),
  plugin,
  description: {
    id: 'shc_cdi_med',
    displayName: 'CDI-QA',
    category: 'Administration and Workflow',
    subcategory: 'Care Coordination and Planning',
    scenarioClassName: 'helm.benchmark.scenarios.shc_cdi_scenario.SHCCDIMedScenario',
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
      "Answer A or B.\n\n: Provide an answer to the following question: Does the documentation support a diagnosis of acute kidney injury? with the following context: [SYNTHETIC FIXTURE: invented for @medhelm/benchmark-shc-cdi-med; not patient data]\nFictional patient Alpha. Creatinine rose from 0.9 to 2.1 mg/dL in 48 hours; urine output under 0.5 mL/kg/h, treated with fluids.\nPlan: invented follow-up, no real data. , Answer the question with either 'A' for yes or 'B' for no. Do not provide any additional details or response, just a simple A or B response.\nA. A\nB. B\n:",
  },
  conformanceLines: 14,
});
