import { join } from 'node:path';
import { checkBundledSample, checkPromptVectors } from '@medhelm/conformance';
import { findSharedDirectory } from '@medhelm/testing';
import { describe, expect, it } from 'vitest';
import { createRaceBasedMedBenchmark } from './race-based-med-benchmark.ts';

const sharedDirectory = findSharedDirectory();
const benchmark = createRaceBasedMedBenchmark();

describe.skipIf(sharedDirectory === undefined)('race_based_med prompts are byte-identical to HELM', () => {
  const vectorsFile = join(sharedDirectory ?? '', 'conformance', 'prompts', 'race_based_med.jsonl');

  it('renders every Run block of the shared sample exactly as HELM does, in HELM order', async () => {
    const result = await checkPromptVectors(benchmark, {
      vectorsFile,
      dataDirectory: join(sharedDirectory ?? '', 'data', 'race_based_med'),
    });
    expect(result.failures).toEqual([]);
    expect(result.passed).toBe(124);
  });

  it('renders the bundled sample exactly as HELM does', async () => {
    const result = await checkBundledSample(benchmark, { vectorsFile });
    expect(result.failures).toEqual([]);
    expect(result.passed).toBe(124);
  });
});
