import { type BenchmarkV1, defineBenchmark } from '@medhelm/core';
import {
  EXACT_MATCH_METRIC_NAMES,
  helmBasicGenerationScorer,
  helmExactMatchMetricSpecs,
} from '@medhelm/metrics';
import { createMedhalluDataset } from './medhallu-dataset.ts';
import { createMedhalluPrompt } from './medhallu-prompt.ts';

/** HELM's run spec and scenario name. */
export const MEDHALLU_ID = 'medhallu';

/**
 * MedHELM's MedHallu benchmark: given PubMed knowledge, a question and an answer, the model says
 * whether the answer is factual ("0") or hallucinated ("1"); each dataset row is asked twice (its
 * ground truth, then its hallucinated answer) and scored with HELM's exact-match family.
 */
export function createMedhalluBenchmark(): BenchmarkV1 {
  return defineBenchmark({
    id: MEDHALLU_ID,
    displayName: 'MedHallu',
    // HELM's ScenarioMetadata description (the class attribute below lacks some spaces).
    description:
      'MedHallu is a benchmark focused on evaluating factual correctness in biomedical question answering. Each instance contains a PubMed-derived knowledge snippet, a biomedical question, and a model-generated answer. The task is to classify whether the answer is factually correct or contains hallucinated (non-grounded) information. This benchmark is designed to assess the factual reliability of medical language models.',
    category: 'Medical Research Assistance',
    subcategory: 'Ensuring Clinical Research Quality',
    access: 'public',
    license: 'MIT',
    dataset: createMedhalluDataset(),
    prompt: createMedhalluPrompt(),
    // HELM scores the raw completion (its exact-match metrics strip it themselves).
    normalizers: [],
    scorers: [helmBasicGenerationScorer({ names: EXACT_MATCH_METRIC_NAMES })],
    mainMetric: { name: 'exact_match', split: 'test' },
    helm: {
      scenarioClassName: 'helm.benchmark.scenarios.medhallu_scenario.MedHalluScenario',
      scenarioArgs: {},
      scenarioName: MEDHALLU_ID,
      // MedHalluScenario.description verbatim, missing spaces included (HELM writes it to scenario.json).
      scenarioDescription:
        'MedHallu is a benchmark focused on evaluating factual correctness in biomedicalquestion answering. Each instance contains a PubMed-derived knowledge snippet, abiomedical question, and a model-generated answer. The task is to classify whether theanswer is factually correct or contains hallucinated (non-grounded) information. Thisbenchmark is designed to assess the factual reliability of medical language models.',
      tags: ['knowledge', 'reasoning', 'biomedical'],
      definitionPath:
        'https://github.com/stanford-crfm/helm/blob/main/src/helm/benchmark/scenarios/medhallu_scenario.py',
      groups: [MEDHALLU_ID],
      metricSpecs: helmExactMatchMetricSpecs(),
    },
  });
}
