import { multipleChoiceBenchmark, readBenchmarkCard } from '@medhelm/benchmark-recipes';
import type { BenchmarkV1 } from '@medhelm/core';
import card from './benchmark-card.json' with { type: 'json' };
import { createPubmedQaDataset } from './pubmed-qa-dataset.ts';

/** HELM's specification of PubMedQA (`benchmark-card.json`): id, metadata, prompt, scenario. */
export const PUBMED_QA_CARD = readBenchmarkCard(card, '@medhelm/benchmark-pubmed-qa');

/**
 * MedHELM's PubMedQA benchmark: yes/no/maybe questions over PubMed abstracts (PQA-L), asked as a
 * lettered multiple-choice prompt and scored with HELM's exact-match family on the mapped answer.
 */
export function createPubmedQaBenchmark(): BenchmarkV1 {
  return multipleChoiceBenchmark(PUBMED_QA_CARD, { dataset: createPubmedQaDataset() });
}
