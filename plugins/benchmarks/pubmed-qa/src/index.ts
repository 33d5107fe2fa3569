import { definePlugin } from '@medhelm/core';
import { createPubmedQaBenchmark } from './pubmed-qa-benchmark.ts';

export { createPubmedQaBenchmark, PUBMED_QA_ID } from './pubmed-qa-benchmark.ts';
export {
  createPubmedQaDataset,
  PUBMED_QA_ANSWER_CHOICES,
  PUBMED_QA_FILE,
  PUBMED_QA_REVISION,
  type PubmedQaEntry,
  pubmedQaEntrySchema,
  pubmedQaInstance,
} from './pubmed-qa-dataset.ts';
export { createPubmedQaPrompt, PUBMED_QA_INSTRUCTIONS, pubmedQaAdapterSpec } from './pubmed-qa-prompt.ts';

/** The PubMedQA benchmark, as the runner registers it. */
export const pubmedQaBenchmark = createPubmedQaBenchmark();

/** The plugin the runner loads: registers {@link pubmedQaBenchmark}. */
export const plugin = definePlugin({
  name: '@medhelm/benchmark-pubmed-qa',
  kind: 'benchmark',
  register: (context) => context.registerBenchmark(pubmedQaBenchmark),
});
