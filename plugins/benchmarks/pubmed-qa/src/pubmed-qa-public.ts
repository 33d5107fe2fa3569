// What other packages import from @medhelm/benchmark-pubmed-qa besides its plugin: the bench builds
// its workload from the bundled sample, and the runner's tests read the sample file.
export { PUBMED_QA_FILE } from './pubmed-qa-dataset.ts';
export { pubmedQaEntrySchema, pubmedQaInstance } from './pubmed-qa-instance.ts';
