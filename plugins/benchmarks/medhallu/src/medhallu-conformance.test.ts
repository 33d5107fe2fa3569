import { copyFile, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkBundledSample, checkPromptVectors } from '@medhelm/conformance';
import { describeConformanceChecks } from '@medhelm/testing';
import { createMedhalluBenchmark } from './medhallu-benchmark.ts';
import { MEDHALLU_JSONL_FILE } from './medhallu-dataset.ts';

const benchmark = createMedhalluBenchmark();

/** The vectors checked over a folder holding only the JSON Lines twin of the shared sample. */
async function checkJsonLinesTwin(vectorsFile: string, dataDirectory: string) {
  const scratch = await mkdtemp(join(tmpdir(), 'medhelm-medhallu-jsonl-'));
  try {
    await mkdir(join(scratch, 'pqa_labeled'));
    await copyFile(join(dataDirectory, MEDHALLU_JSONL_FILE.name), join(scratch, MEDHALLU_JSONL_FILE.name));
    return await checkPromptVectors(benchmark, { vectorsFile, dataDirectory: scratch });
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

describeConformanceChecks('medhallu prompts are byte-identical to HELM', (shared) => {
  const vectorsFile = shared.promptVectors('medhallu');
  const dataDirectory = shared.data('medhallu');
  return [
    {
      name: 'renders every row of the shared sample (read from the Parquet) exactly as HELM does, in HELM order',
      passed: 400,
      run: () => checkPromptVectors(benchmark, { vectorsFile, dataDirectory }),
    },
    {
      name: 'renders the same from the JSON Lines twin alone',
      passed: 400,
      run: () => checkJsonLinesTwin(vectorsFile, dataDirectory),
    },
    {
      name: 'renders the bundled sample exactly as HELM does',
      passed: 40,
      run: () => checkBundledSample(benchmark, { vectorsFile }),
    },
  ];
});
