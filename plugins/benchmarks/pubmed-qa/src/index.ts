import { defineBenchmarkPlugin } from '@medhelm/core';
import { createPubmedQaBenchmark } from './pubmed-qa-benchmark.ts';

export { createPubmedQaBenchmark } from './pubmed-qa-benchmark.ts';
export { createPubmedQaDataset, PUBMED_QA_FILE, PUBMED_QA_REVISION } from './pubmed-qa-dataset.ts';
export {
  PUBMED_QA_ANSWER_CHOICES,
  type PubmedQaEntry,
  pubmedQaEntrySchema,
  pubmedQaInstance,
} from './pubmed-qa-instance.ts';

/** The PubMedQA benchmark, as the runner registers it. */
export const pubmedQaBenchmark = createPubmedQaBenchmark();

/** The plugin the runner loads: registers {@link pubmedQaBenchmark}. */
export const plugin = defineBenchmarkPlugin('@medhelm/benchmark-pubmed-qa', pubmedQaBenchmark);
export { PUBMED_QA_CARD } from './pubmed-qa-card.ts';
