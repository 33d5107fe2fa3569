import { checkBundledSample, checkPromptVectors } from '@medhelm/conformance';
import { describeConformanceChecks } from '@medhelm/testing';
import { createPubmedQaBenchmark } from './pubmed-qa-benchmark.ts';

const benchmark = createPubmedQaBenchmark();

describeConformanceChecks('pubmed_qa prompts are byte-identical to HELM', (shared) => {
  const vectorsFile = shared.promptVectors('pubmed_qa');
  return [
    {
      name: 'renders every entry of the shared sample exactly as HELM does, in HELM order',
      passed: 200,
      run: () => checkPromptVectors(benchmark, { vectorsFile, dataDirectory: shared.data('pubmed_qa') }),
    },
    {
      name: 'renders the bundled sample exactly as HELM does',
      passed: 20,
      run: () => checkBundledSample(benchmark, { vectorsFile }),
    },
  ];
});
