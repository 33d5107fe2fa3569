import { join } from 'node:path';
import { describeShcMedBenchmark } from '@medhelm/shc-med/testing';
import { plugin, shcSeiMedBenchmark } from './index.ts';

// The fixture's instances and first prompt are what HELM's own SHCSEIMedScenario makes of
// data/medhelm-SEI-dataset_filtered.csv.
describeShcMedBenchmark(shcSeiMedBenchmark, {
  packageJsonPath: join(import.meta.dirname, '..', 'package.json'),
  plugin,
  description: {
    id: 'shc_sei_med',
    displayName: 'ADHD-MedEffects',
    category: 'Clinical Decision Support',
    subcategory: 'Providing Clinical Knowledge Support',
    scenarioClassName: 'helm.benchmark.scenarios.shc_sei_scenario.SHCSEIMedScenario',
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
      "Answer A or B.\n\n: You are reviewing a clinical note from health records of children with attention deficit hyperactivity disorder (ADHD). Given the following definitions: side Effects Inquiry (SEI): Explicit documentation by the clinician asking about current side effects related to ADHD medications that the child is taking or documentation of specific ADHD medication side effects experienced by the patient. SEI does *not* include future side effects monitoring, such as documentation of potential ADHD medication side effects, including planning to follow patients to monitor side effects, explaining about potential side effects of an ADHD medication. These documentations are not categorized as SEI because they consist of a plan or an explanation about side effects without actual side effect monitoring taking place, and No Side Effects Inquiry (NSEI): No evidence of side effects monitoring. Provide an answer to the following question: Does the note document a side effects inquiry (SEI)? with the following context: [SYNTHETIC FIXTURE: invented for @medhelm/benchmark-shc-sei-med; not patient data]\nFictional patient Alpha. ADHD medication check: asked about appetite, sleep and headaches on the invented stimulant; \"no side effects\" per parent.\nPlan: invented follow-up, no real data. , Answer the question with a 'A' for yes or 'B' for no. Do not provide any additional details or response, just a simple A or B response.\nA. A\nB. B\n:",
  },
  conformanceLines: 14,
});
