import { join } from 'node:path';
import { checkBundledSample, checkPromptVectors } from '@medhelm/conformance';
import { findSharedDirectory } from '@medhelm/testing';
import { describe, expect, it } from 'vitest';
import { createMedecBenchmark } from './medec-benchmark.ts';

const sharedDirectory = findSharedDirectory();
const benchmark = createMedecBenchmark();

describe.skipIf(sharedDirectory === undefined)('medec prompts are byte-identical to HELM', () => {
  const vectorsFile = join(sharedDirectory ?? '', 'conformance', 'prompts', 'medec.jsonl');

  it('renders every non-blank row of the shared sample exactly as HELM does, in HELM order', async () => {
    // 200 CSV rows, 77 of them blank (`,,,,,,,,`) and skipped as HELM skips them.
    const result = await checkPromptVectors(benchmark, {
      vectorsFile,
      dataDirectory: join(sharedDirectory ?? '', 'data', 'medec'),
    });
    expect(result.failures).toEqual([]);
    expect(result.passed).toBe(123);
  });

  it('renders the bundled sample exactly as HELM does', async () => {
    const result = await checkBundledSample(benchmark, { vectorsFile });
    expect(result.failures).toEqual([]);
    expect(result.passed).toBe(21);
  });
});
