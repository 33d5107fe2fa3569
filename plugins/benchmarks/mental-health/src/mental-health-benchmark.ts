import { helmScenario, juryBenchmarkParts } from '@medhelm/benchmark-recipes';
import { type BenchmarkV1, defineBenchmark } from '@medhelm/core';
import { createMentalHealthDataset } from './mental-health-dataset.ts';
import { mentalHealthJuryRubric } from './mental-health-jury-rubric.ts';

/** HELM's run spec and scenario name. */
export const MENTAL_HEALTH_ID = 'mental_health';

/** The instructions of HELM's `get_mental_health_spec` (medhelm_run_specs.py), verbatim. */
export const MENTAL_HEALTH_INSTRUCTIONS =
  'Given a mental health conversation history, generate an empathetic and appropriate counselor response.';

/**
 * MedHELM's MentalHealth benchmark (`mental_health`): the counselor's next reply in a counseling
 * dialogue, judged by HELM's three-judge LLM jury (`mental_health_accuracy`, the headline) with
 * ROUGE against the reply the counselor gave alongside. Private: the dialogues are not released;
 * a health system runs it on its own.
 */
export function createMentalHealthBenchmark(): BenchmarkV1 {
  return defineBenchmark({
    id: MENTAL_HEALTH_ID,
    displayName: 'MentalHealth',
    // HELM's ScenarioMetadata description.
    description:
      "MentalHealth is a benchmark focused on evaluating empathetic communication in mental health counseling. It includes real or simulated conversations between patients and counselors, where the task is to generate compassionate and appropriate counselor responses. The benchmark assesses a model's ability to support patients emotionally and meaningfully engage in therapeutic conversations.",
    category: 'Patient Communication and Education',
    subcategory: 'Facilitating Patient Engagement and Support',
    dataset: createMentalHealthDataset(),
    // get_mental_health_spec: no input noun, 512 tokens, and (unlike the other MedHELM run specs)
    // max_train_instances left at HELM's default 5: run_spec.json says 5; there is no train split,
    // so the prompt has no example either way.
    ...juryBenchmarkParts(MENTAL_HEALTH_ID, mentalHealthJuryRubric, {
      instructions: MENTAL_HEALTH_INSTRUCTIONS,
      inputNoun: null,
      outputNoun: 'Counselor response',
      maxTokens: 512,
      maxTrainInstances: 5,
    }),
    helm: helmScenario({
      className: 'helm.benchmark.scenarios.mental_health_scenario.MentalHealthScenario',
      name: MENTAL_HEALTH_ID,
      // HELM's args hold data_path, the user's file: kept out of run_spec.json (see the README).
      // MentalHealthScenario.description verbatim, missing spaces included (HELM writes it to scenario.json).
      description:
        "MentalHealth is a benchmark focused on evaluating empathetic communication inmental health counseling. It includes simulated conversations between patientsand counselors, where the task is to generate compassionate and appropriate counselorresponses. The benchmark assesses a model's ability to support patients emotionallyand meaningfully engage in therapeutic conversations.",
      tags: ['dialogue', 'counseling', 'mental_health', 'empathy', 'healthcare'],
    }),
  });
}
