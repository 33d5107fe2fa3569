import { checkBundledSample, checkPromptVectors } from '@medhelm/conformance';
import { describeConformanceChecks } from '@medhelm/testing';
import { createRaceBasedMedBenchmark } from './race-based-med-benchmark.ts';

const benchmark = createRaceBasedMedBenchmark();

describeConformanceChecks('race_based_med prompts are byte-identical to HELM', (shared) => {
  const vectorsFile = shared.promptVectors('race_based_med');
  return [
    {
      name: 'renders every Run block of the shared sample exactly as HELM does, in HELM order',
      passed: 124,
      run: () => checkPromptVectors(benchmark, { vectorsFile, dataDirectory: shared.data('race_based_med') }),
    },
    {
      name: 'renders the bundled sample exactly as HELM does',
      passed: 124,
      run: () => checkBundledSample(benchmark, { vectorsFile }),
    },
  ];
});
