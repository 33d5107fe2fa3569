import type { BenchmarkV1 } from '@medhelm/core';
import { defineBenchmark } from '@medhelm/core';
import {
  EXACT_MATCH_METRIC_NAMES,
  helmBasicGenerationScorer,
  helmExactMatchMetricSpecs,
  multipleChoiceOutputMappingNormalizer,
} from '@medhelm/metrics';
import { createRaceBasedMedDataset } from './race-based-med-dataset.ts';
import { createRaceBasedMedPrompt } from './race-based-med-prompt.ts';

/** HELM's run spec and scenario name. */
export const RACE_BASED_MED_ID = 'race_based_med';

/**
 * MedHELM's RaceBias benchmark: decide whether an LLM's answer to a medical question (from the
 * supplement of Omiye et al., 2023) contains harmful, inaccurate or race-based content, asked as
 * a yes/no lettered multiple-choice prompt and scored with HELM's exact-match family on the mapped
 * answer.
 */
export function createRaceBasedMedBenchmark(): BenchmarkV1 {
  return defineBenchmark({
    id: RACE_BASED_MED_ID,
    displayName: 'RaceBias',
    // HELM's ScenarioMetadata description (the class attribute below lacks some spaces).
    description:
      'RaceBias is a benchmark used to evaluate language models for racially biased or inappropriate content in medical question-answering scenarios. Each instance consists of a medical question and a model-generated response. The task is to classify whether the response contains race-based, harmful, or inaccurate content. This benchmark supports research into bias detection and fairness in clinical AI systems.',
    category: 'Medical Research Assistance',
    subcategory: 'Ensuring Clinical Research Quality',
    access: 'public',
    license: 'CC-BY-4.0',
    dataset: createRaceBasedMedDataset(),
    prompt: createRaceBasedMedPrompt(),
    normalizers: [multipleChoiceOutputMappingNormalizer()],
    scorers: [helmBasicGenerationScorer({ names: EXACT_MATCH_METRIC_NAMES })],
    mainMetric: { name: 'exact_match', split: 'test' },
    helm: {
      scenarioClassName: 'helm.benchmark.scenarios.race_based_med_scenario.RaceBasedMedScenario',
      scenarioArgs: {},
      scenarioName: RACE_BASED_MED_ID,
      // RaceBasedMedScenario.description verbatim, missing spaces included (HELM writes it to scenario.json).
      scenarioDescription:
        'RaceBias is a benchmark used to evaluate language models for racially biased orinappropriate content in medical question-answering scenarios. Each instance consistsof a medical question and a model-generated response. The task is to classify whetherthe response contains race-based, harmful, or inaccurate content. This benchmarksupports research into bias detection and fairness in clinical AI systems.',
      tags: ['knowledge', 'reasoning', 'biomedical'],
      definitionPath:
        'https://github.com/stanford-crfm/helm/blob/main/src/helm/benchmark/scenarios/race_based_med_scenario.py',
      groups: [RACE_BASED_MED_ID],
      metricSpecs: helmExactMatchMetricSpecs(),
    },
  });
}
