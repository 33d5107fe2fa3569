import { helmScenario, juryBenchmarkParts } from '@medhelm/benchmark-recipes';
import { type BenchmarkV1, defineBenchmark } from '@medhelm/core';
import { createAciBenchDataset } from './aci-bench-dataset.ts';
import { aciBenchJuryRubric } from './aci-bench-jury-rubric.ts';

/** HELM's run spec and scenario name. */
export const ACI_BENCH_ID = 'aci_bench';

/** The instructions of HELM's `get_aci_bench_run_spec` (medhelm_run_specs.py), verbatim. */
export const ACI_BENCH_INSTRUCTIONS =
  'Summarize the conversation to generate a clinical note with four sections:\n' +
  '1. HISTORY OF PRESENT ILLNESS\n' +
  '2. PHYSICAL EXAM\n' +
  '3. RESULTS\n' +
  '4. ASSESSMENT AND PLAN\n\n' +
  'The conversation is:';

/**
 * MedHELM's ACI-Bench benchmark: write a clinical note (history of present illness, physical exam,
 * results, assessment and plan) from a recorded doctor-patient dialogue, judged by HELM's
 * three-judge LLM jury (`aci_bench_accuracy`, the headline) with ROUGE alongside.
 */
export function createAciBenchBenchmark(): BenchmarkV1 {
  return defineBenchmark({
    id: ACI_BENCH_ID,
    displayName: 'ACI-Bench',
    // HELM's ScenarioMetadata description (the class attribute below lacks some spaces).
    description:
      "ACI-Bench is a benchmark of real-world patient-doctor conversations paired with structured clinical notes. The benchmark evaluates a model's ability to understand spoken medical dialogue and convert it into formal clinical documentation, covering sections such as history of present illness, physical exam findings, results, and assessment and plan [(Yim et al., 2024)](https://www.nature.com/articles/s41597-023-02487-3).",
    category: 'Clinical Note Generation',
    subcategory: 'Documenting Patient Visits',
    dataset: createAciBenchDataset(),
    // get_aci_bench_run_spec: one note of at most 768 tokens, judged by the jury.
    ...juryBenchmarkParts(ACI_BENCH_ID, aciBenchJuryRubric, {
      instructions: ACI_BENCH_INSTRUCTIONS,
      inputNoun: 'Conversation',
      outputNoun: 'Clinical Note',
      maxTokens: 768,
    }),
    helm: helmScenario({
      className: 'helm.benchmark.scenarios.aci_bench_scenario.ACIBenchScenario',
      name: ACI_BENCH_ID,
      // ACIBenchScenario.description verbatim, missing spaces included (HELM writes it to scenario.json).
      description:
        "ACI-Bench is a benchmark of real-world patient-doctor conversations paired withstructured clinical notes. The benchmark evaluates a model's ability to understandspoken medical dialogue and convert it into formal clinical documentation, coveringsections such as history of present illness, physical exam findings, results, and assessmentand plan.",
      tags: ['summarization', 'medicine'],
      groups: ['clinical', ACI_BENCH_ID],
    }),
  });
}
