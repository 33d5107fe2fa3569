import { helmScenario, multipleChoiceBenchmarkParts } from '@medhelm/benchmark-recipes';
import { type BenchmarkV1, defineBenchmark } from '@medhelm/core';
import { createPubmedQaDataset } from './pubmed-qa-dataset.ts';

/** HELM's run spec and scenario name. */
export const PUBMED_QA_ID = 'pubmed_qa';

/** The instructions of HELM's `get_pubmed_qa_spec` (medhelm_run_specs.py), verbatim. */
export const PUBMED_QA_INSTRUCTIONS =
  'Answer A for yes, B for no or C for maybe. Do not include any explanation or additional text. Output only the letter on a single line.';

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
    dataset: createPubmedQaDataset(),
    ...multipleChoiceBenchmarkParts({
      instructions: PUBMED_QA_INSTRUCTIONS,
      inputNoun: 'Question',
      outputNoun: 'Answer',
    }),
    helm: helmScenario({
      className: 'helm.benchmark.scenarios.pubmed_qa_scenario.PubMedQAScenario',
      name: PUBMED_QA_ID,
      // PubMedQAScenario.description verbatim, missing spaces included (HELM writes it to scenario.json).
      description:
        "PubMedQA is a biomedical question-answering dataset that evaluates a model'sability to interpret scientific literature. It consists of PubMed abstracts paired withyes/no/maybe questions derived from the content. The benchmark assesses a model'scapability to reason over biomedical texts and provide factually grounded answers.",
      tags: ['question_answering', 'biomedical'],
    }),
  });
}
