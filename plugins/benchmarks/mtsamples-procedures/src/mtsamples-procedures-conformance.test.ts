import { checkJudgePromptVectors, checkPromptVectors } from '@medhelm/conformance';
import { describeConformanceChecks, selectConformanceVectors } from '@medhelm/testing';
import { createMtsamplesProceduresBenchmark } from './mtsamples-procedures-benchmark.ts';
import { mtsamplesProceduresHelmReads } from './mtsamples-procedures-dataset.ts';

/** The vectors were made with a stubbed download, so they hold every report of the shared sample. */
const everyReport = createMtsamplesProceduresBenchmark({ onlyFilesHelmReads: false });

describeConformanceChecks(
  'mtsamples_procedures prompts and judge prompts are byte-identical to HELM',
  (shared) => {
    const vectorsFile = shared.promptVectors('mtsamples_procedures');
    const dataDirectory = shared.data('mtsamples_procedures');
    return [
      {
        name: 'renders every file of the shared sample as HELM does, in listing order, reading every file',
        passed: 66,
        run: () => checkPromptVectors(everyReport, { vectorsFile, dataDirectory }),
      },
      {
        // The three "Vascular Surgery SOAP Note Sample Report #n" reports (id63-id65) come last, so the
        // others keep their ids.
        name: 'by default, renders exactly the lines real HELM can download (no # in the file name), same ids',
        passed: 63,
        run: async () =>
          checkPromptVectors(createMtsamplesProceduresBenchmark(), {
            vectorsFile: await selectConformanceVectors<{ source_file: string }>(vectorsFile, (vector) =>
              mtsamplesProceduresHelmReads(vector.source_file),
            ),
            dataDirectory,
          }),
      },
      {
        name: "gives the judges HELM's prompts (rubric filled with the report, the completion and its section), annotator and jury",
        passed: 5,
        run: () =>
          checkJudgePromptVectors(everyReport, {
            vectorsFile: shared.judgePromptVectors('mtsamples_procedures'),
            dataDirectory,
          }),
      },
    ];
  },
);
