import { checkBundledSample, checkPromptVectors } from '@medhelm/conformance';
import { describeConformanceChecks } from '@medhelm/testing';
import { createMedecBenchmark } from './medec-benchmark.ts';

const benchmark = createMedecBenchmark();

describeConformanceChecks('medec prompts are byte-identical to HELM', (shared) => {
  const vectorsFile = shared.promptVectors('medec');
  return [
    // 200 CSV rows, 77 of them blank (`,,,,,,,,`) and skipped as HELM skips them.
    {
      name: 'renders every non-blank row of the shared sample exactly as HELM does, in HELM order',
      passed: 123,
      run: () => checkPromptVectors(benchmark, { vectorsFile, dataDirectory: shared.data('medec') }),
    },
    {
      name: 'renders the bundled sample exactly as HELM does',
      passed: 21,
      run: () => checkBundledSample(benchmark, { vectorsFile }),
    },
  ];
});
