import { checkBundledSample, checkJudgePromptVectors, checkPromptVectors } from '@medhelm/conformance';
import { describeConformanceChecks } from '@medhelm/testing';
import { createAciBenchBenchmark } from './aci-bench-benchmark.ts';

const benchmark = createAciBenchBenchmark();

describeConformanceChecks('aci_bench prompts and judge prompts are byte-identical to HELM', (shared) => {
  const vectorsFile = shared.promptVectors('aci_bench');
  const dataDirectory = shared.data('aci_bench');
  return [
    {
      name: 'renders every test encounter of the shared sample exactly as HELM does, in HELM order',
      passed: 60,
      run: () => checkPromptVectors(benchmark, { vectorsFile, dataDirectory }),
    },
    {
      name: 'renders the bundled sample exactly as HELM does',
      passed: 15,
      run: () => checkBundledSample(benchmark, { vectorsFile }),
    },
    {
      name: "gives the judges HELM's prompts (rubric filled with the raw input, the completion and the first reference), annotator and jury",
      passed: 5,
      run: () =>
        checkJudgePromptVectors(benchmark, {
          vectorsFile: shared.judgePromptVectors('aci_bench'),
          dataDirectory,
        }),
    },
  ];
});
