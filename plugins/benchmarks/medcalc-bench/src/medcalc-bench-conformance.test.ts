import { join } from 'node:path';
import { checkBundledSample, checkPromptVectors } from '@medhelm/conformance';
import { findSharedDirectory } from '@medhelm/testing';
import { describe, expect, it } from 'vitest';
import { createMedcalcBenchBenchmark } from './medcalc-bench-benchmark.ts';

const sharedDirectory = findSharedDirectory();
const benchmark = createMedcalcBenchBenchmark();

describe.skipIf(sharedDirectory === undefined)('medcalc_bench prompts are byte-identical to HELM', () => {
  const vectorsFile = join(sharedDirectory ?? '', 'conformance', 'prompts', 'medcalc_bench.jsonl');

  it('renders every row of the shared sample exactly as HELM does, in HELM order', async () => {
    const result = await checkPromptVectors(benchmark, {
      vectorsFile,
      dataDirectory: join(sharedDirectory ?? '', 'data', 'medcalc_bench'),
    });
    expect(result.failures).toEqual([]);
    expect(result.passed).toBe(164);
  });

  it('renders the bundled sample exactly as HELM does', async () => {
    const result = await checkBundledSample(benchmark, { vectorsFile });
    expect(result.failures).toEqual([]);
    expect(result.passed).toBe(30);
  });
});
