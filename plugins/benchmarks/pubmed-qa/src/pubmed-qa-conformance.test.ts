import { describePromptConformance, findSharedDirectory } from '@medhelm/testing';
import { createPubmedQaBenchmark } from './pubmed-qa-benchmark.ts';

describePromptConformance(createPubmedQaBenchmark(), {
  sharedDirectory: findSharedDirectory(),
  bundledSampleSize: 20,
});
