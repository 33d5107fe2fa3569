import type { BenchmarkV1 } from '@medhelm/core';
import { defineBenchmark } from '@medhelm/core';
import {
  EXACT_MATCH_METRIC_NAMES,
  helmBasicGenerationScorer,
  helmExactMatchMetricSpecs,
  multipleChoiceOutputMappingNormalizer,
} from '@medhelm/metrics';
import { createPubmedQaDataset } from './pubmed-qa-dataset.ts';
import { createPubmedQaPrompt } from './pubmed-qa-prompt.ts';

/** HELM's run spec and scenario name. */
export const PUBMED_QA_ID = 'pubmed_qa';

/**
 * MedHELM's PubMedQA benchmark: yes/no/maybe questions over PubMed abstracts (PQA-L), asked as a
 * lettered multiple-choice prompt and scored with HELM's exact-match family on the mapped answer.
 */
export function createPubmedQaBenchmark(): BenchmarkV1 {
  return defineBenchmark({
    id: PUBMED_QA_ID,
    displayName: 'PubMedQA',
    // HELM's ScenarioMetadata description (the class attribute below lacks some spaces).
    description:
      "PubMedQA is a biomedical question-answering dataset that evaluates a model's ability to interpret scientific literature. It consists of PubMed abstracts paired with yes/no/maybe questions derived from the content. The benchmark assesses a model's capability to reason over biomedical texts and provide factually grounded answers.",
    category: 'Medical Research Assistance',
    subcategory: 'Conducting Literature Research',
    access: 'public',
    license: 'MIT',
    dataset: createPubmedQaDataset(),
    prompt: createPubmedQaPrompt(),
    normalizers: [multipleChoiceOutputMappingNormalizer()],
    scorers: [helmBasicGenerationScorer({ names: EXACT_MATCH_METRIC_NAMES })],
    mainMetric: { name: 'exact_match', split: 'test' },
    helm: {
      scenarioClassName: 'helm.benchmark.scenarios.pubmed_qa_scenario.PubMedQAScenario',
      scenarioArgs: {},
      scenarioName: PUBMED_QA_ID,
      // PubMedQAScenario.description verbatim, missing spaces included (HELM writes it to scenario.json).
      scenarioDescription:
        "PubMedQA is a biomedical question-answering dataset that evaluates a model'sability to interpret scientific literature. It consists of PubMed abstracts paired withyes/no/maybe questions derived from the content. The benchmark assesses a model'scapability to reason over biomedical texts and provide factually grounded answers.",
      tags: ['question_answering', 'biomedical'],
      definitionPath:
        'https://github.com/stanford-crfm/helm/blob/main/src/helm/benchmark/scenarios/pubmed_qa_scenario.py',
      groups: [PUBMED_QA_ID],
      metricSpecs: helmExactMatchMetricSpecs(),
    },
  });
}
