import { copyFile, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkBundledSample, checkPromptVectors } from '@medhelm/conformance';
import { findSharedDirectory } from '@medhelm/testing';
import { describe, expect, it } from 'vitest';
import { createMedhalluBenchmark } from './medhallu-benchmark.ts';
import { MEDHALLU_JSONL_FILE } from './medhallu-dataset.ts';

const sharedDirectory = findSharedDirectory();
const benchmark = createMedhalluBenchmark();

describe.skipIf(sharedDirectory === undefined)('medhallu prompts are byte-identical to HELM', () => {
  const vectorsFile = join(sharedDirectory ?? '', 'conformance', 'prompts', 'medhallu.jsonl');
  const dataDirectory = join(sharedDirectory ?? '', 'data', 'medhallu');

  it('renders every row of the shared sample (read from the Parquet) exactly as HELM does, in HELM order', async () => {
    const result = await checkPromptVectors(benchmark, { vectorsFile, dataDirectory });
    expect(result.failures).toEqual([]);
    expect(result.passed).toBe(400);
  });

  it('renders the same from the JSON Lines twin alone', async () => {
    const scratch = await mkdtemp(join(tmpdir(), 'medhelm-medhallu-jsonl-'));
    try {
      await mkdir(join(scratch, 'pqa_labeled'));
      await copyFile(join(dataDirectory, MEDHALLU_JSONL_FILE.name), join(scratch, MEDHALLU_JSONL_FILE.name));
      const result = await checkPromptVectors(benchmark, { vectorsFile, dataDirectory: scratch });
      expect(result.failures).toEqual([]);
      expect(result.passed).toBe(400);
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  });

  it('renders the bundled sample exactly as HELM does', async () => {
    const result = await checkBundledSample(benchmark, { vectorsFile });
    expect(result.failures).toEqual([]);
    expect(result.passed).toBe(40);
  });
});
