import { multipleChoiceBenchmark } from '@medhelm/benchmark-recipes';
import type { BenchmarkV1 } from '@medhelm/core';
import { PUBMED_QA_CARD } from './pubmed-qa-card.ts';
import { createPubmedQaDataset } from './pubmed-qa-dataset.ts';
import { pubmedQaQuasiExactMatchVariant } from './pubmed-qa-quasi-exact-match-variant.ts';

/**
 * MedHELM's PubMedQA benchmark: yes/no/maybe questions over PubMed abstracts (PQA-L), asked as a
 * lettered multiple-choice prompt and scored with HELM's exact-match family on the mapped answer.
 * Opt-in variants (never the default): `quasi-exact-match` (HELM PRs #4214/#4277) and the
 * multiple-choice `strip-answer-punctuation` (HELM PR #4290).
 */
export function createPubmedQaBenchmark(): BenchmarkV1 {
  return multipleChoiceBenchmark(PUBMED_QA_CARD, {
    dataset: createPubmedQaDataset(),
    variants: [pubmedQaQuasiExactMatchVariant],
  });
}
