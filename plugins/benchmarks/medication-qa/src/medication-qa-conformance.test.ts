import { checkJudgePromptVectors, checkPromptVectors } from '@medhelm/conformance';
import { describeConformanceChecks } from '@medhelm/testing';
import { createMedicationQaBenchmark } from './medication-qa-benchmark.ts';

const benchmark = createMedicationQaBenchmark();

// The bundled data is an invented fixture (upstream states no license), so there is no
// checkBundledSample here: no HELM vector has its prompts.
describeConformanceChecks('medication_qa prompts and judge prompts are byte-identical to HELM', (shared) => {
  const vectorsFile = shared.promptVectors('medication_qa');
  const dataDirectory = shared.data('medication_qa');
  return [
    {
      name: 'renders every row of the shared sample exactly as HELM does, in HELM order',
      passed: 200,
      run: () => checkPromptVectors(benchmark, { vectorsFile, dataDirectory }),
    },
    {
      name: "gives the judges HELM's prompts (rubric filled with the raw question, the completion and the answer), annotator and jury",
      passed: 5,
      run: () =>
        checkJudgePromptVectors(benchmark, {
          vectorsFile: shared.judgePromptVectors('medication_qa'),
          dataDirectory,
        }),
    },
  ];
});
