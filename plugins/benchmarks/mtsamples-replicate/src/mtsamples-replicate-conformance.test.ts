import { checkJudgePromptVectors, checkPromptVectors } from '@medhelm/conformance';
import { describeConformanceChecks, readJsonLines, selectConformanceVectors } from '@medhelm/testing';
import { createMtsamplesReplicateBenchmark } from './mtsamples-replicate-benchmark.ts';
import { mtsamplesReplicateHelmReads, withinGithubApiCap } from './mtsamples-replicate-dataset.ts';

/** The vectors were made with a stubbed download, so they hold every report of the shared sample. */
const everyReport = createMtsamplesReplicateBenchmark({ onlyFilesHelmReads: false });

interface ReplicateVector {
  instance_id: string;
  source_file: string;
  beyond_github_api_cap: boolean;
}

describeConformanceChecks(
  'mtsamples_replicate prompts and judge prompts are byte-identical to HELM',
  (shared) => {
    const vectorsFile = shared.promptVectors('mtsamples_replicate');
    const dataDirectory = shared.data('mtsamples_replicate');
    return [
      {
        name: 'renders every file of the shared sample as HELM does, in listing order, reading every file',
        passed: 85,
        run: () => checkPromptVectors(everyReport, { vectorsFile, dataDirectory }),
      },
      {
        // Our cap rule (a name threshold) flags exactly the lines the vectors flag.
        name: 'leaves out exactly the files the vectors mark as beyond the contents API cap',
        passed: 85,
        run: async () => {
          const vectors = readJsonLines<ReplicateVector>(vectorsFile);
          const failures = vectors
            .filter((vector) => withinGithubApiCap(vector.source_file) === vector.beyond_github_api_cap)
            .map((vector) => `${vector.instance_id} ${vector.source_file}`);
          return { passed: vectors.length - failures.length, failures };
        },
      },
      {
        name: 'by default, renders exactly the lines within the contents API cap, with the same ids',
        passed: 70,
        run: async () =>
          checkPromptVectors(createMtsamplesReplicateBenchmark(), {
            vectorsFile: await selectConformanceVectors<ReplicateVector>(vectorsFile, (vector) =>
              mtsamplesReplicateHelmReads(vector.source_file),
            ),
            dataDirectory,
          }),
      },
      {
        name: "gives the judges HELM's prompts (rubric filled with the report, the completion and its plan), annotator and jury",
        passed: 5,
        run: () =>
          checkJudgePromptVectors(everyReport, {
            vectorsFile: shared.judgePromptVectors('mtsamples_replicate'),
            dataDirectory,
          }),
      },
    ];
  },
);
