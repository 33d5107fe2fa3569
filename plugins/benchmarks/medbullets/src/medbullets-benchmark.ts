import { type BenchmarkV1, defineBenchmark } from '@medhelm/core';
import {
  EXACT_MATCH_METRIC_NAMES,
  helmBasicGenerationScorer,
  helmExactMatchMetricSpecs,
  multipleChoiceOutputMappingNormalizer,
} from '@medhelm/metrics';
import { createMedbulletsDataset } from './medbullets-dataset.ts';
import { createMedbulletsPrompt } from './medbullets-prompt.ts';

/** HELM's run spec and scenario name. */
export const MEDBULLETS_ID = 'medbullets';

/**
 * MedHELM's Medbullets benchmark: USMLE Step 2/3 style clinical questions with five options A-E,
 * asked as a lettered multiple-choice prompt and scored with HELM's exact-match family on the
 * mapped answer.
 */
export function createMedbulletsBenchmark(): BenchmarkV1 {
  return defineBenchmark({
    id: MEDBULLETS_ID,
    displayName: 'Medbullets',
    // HELM's ScenarioMetadata description (= schema_medhelm.yaml); the class attribute below differs.
    description:
      "Medbullets is a benchmark of USMLE-style medical questions designed to assess a model's ability to understand and apply clinical knowledge. Each question is accompanied by a patient scenario and five multiple-choice options, similar to those found on Step 2 and Step 3 board exams [(MedBullets, 2025)](https://step2.medbullets.com).",
    category: 'Clinical Decision Support',
    subcategory: 'Providing Clinical Knowledge Support',
    access: 'public',
    license: 'none stated upstream',
    dataset: createMedbulletsDataset(),
    prompt: createMedbulletsPrompt(),
    normalizers: [multipleChoiceOutputMappingNormalizer()],
    scorers: [helmBasicGenerationScorer({ names: EXACT_MATCH_METRIC_NAMES })],
    mainMetric: { name: 'exact_match', split: 'test' },
    helm: {
      scenarioClassName: 'helm.benchmark.scenarios.medbullets_scenario.MedBulletsScenario',
      scenarioArgs: {},
      scenarioName: MEDBULLETS_ID,
      // MedBulletsScenario.description verbatim (HELM writes it to scenario.json): adjacent string
      // literals without spaces ("amodel’s", "accompaniedby", "onStep") and a curly apostrophe.
      scenarioDescription:
        'Medbullets is a benchmark of USMLE-style medical questions designed to assess amodel’s ability to understand and apply clinical knowledge. Each question is accompaniedby a patient scenario and five multiple-choice options, similar to those found onStep 2 and Step 3 on the US medical licensing exam.',
      tags: ['reasoning', 'biomedical'],
      definitionPath:
        'https://github.com/stanford-crfm/helm/blob/main/src/helm/benchmark/scenarios/medbullets_scenario.py',
      groups: ['clinical', MEDBULLETS_ID],
      metricSpecs: helmExactMatchMetricSpecs(),
    },
  });
}
