import { checkBundledSample, checkPromptVectors } from '@medhelm/conformance';
import { describeConformanceChecks } from '@medhelm/testing';
import { createMedcalcBenchBenchmark } from './medcalc-bench-benchmark.ts';

const benchmark = createMedcalcBenchBenchmark();

describeConformanceChecks('medcalc_bench prompts are byte-identical to HELM', (shared) => {
  const vectorsFile = shared.promptVectors('medcalc_bench');
  return [
    {
      name: 'renders every row of the shared sample exactly as HELM does, in HELM order',
      passed: 164,
      run: () => checkPromptVectors(benchmark, { vectorsFile, dataDirectory: shared.data('medcalc_bench') }),
    },
    {
      name: 'renders the bundled sample exactly as HELM does',
      passed: 30,
      run: () => checkBundledSample(benchmark, { vectorsFile }),
    },
  ];
});
