import { checkJudgePromptVectors, checkPromptVectors } from '@medhelm/conformance';
import { describeConformanceChecks } from '@medhelm/testing';
import { createMediQaBenchmark } from './medi-qa-benchmark.ts';

const benchmark = createMediQaBenchmark();

// The bundled data is an invented fixture (upstream states no license), so there is no
// checkBundledSample here: no HELM vector has its prompts. The shared sample keeps the original
// MEDIQA XML that bigbio/mediqa_qa parses (see shared/conformance/prompts/README.md). Its judge
// prompt vectors name instances by QID, the instance id.
describeConformanceChecks('medi_qa prompts and judge prompts are byte-identical to HELM', (shared) => {
  const vectorsFile = shared.promptVectors('medi_qa');
  const dataDirectory = shared.data('medi_qa');
  return [
    {
      name: 'renders every question of the shared sample exactly as HELM does, in HELM order',
      passed: 90,
      run: () => checkPromptVectors(benchmark, { vectorsFile, dataDirectory }),
    },
    {
      name: "gives the judges HELM's prompts (rubric filled with the raw question, the completion and the first answer ranked 1), annotator and jury",
      passed: 5,
      run: () =>
        checkJudgePromptVectors(benchmark, {
          vectorsFile: shared.judgePromptVectors('medi_qa'),
          dataDirectory,
        }),
    },
  ];
});
