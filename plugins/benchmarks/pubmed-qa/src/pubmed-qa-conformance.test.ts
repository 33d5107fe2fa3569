import { join } from 'node:path';
import { checkBundledSample, checkPromptVectors } from '@medhelm/conformance';
import { findSharedDirectory } from '@medhelm/testing';
import { describe, expect, it } from 'vitest';
import { createPubmedQaBenchmark } from './pubmed-qa-benchmark.ts';

const sharedDirectory = findSharedDirectory();
const benchmark = createPubmedQaBenchmark();

describe.skipIf(sharedDirectory === undefined)('pubmed_qa prompts are byte-identical to HELM', () => {
  const vectorsFile = join(sharedDirectory ?? '', 'conformance', 'prompts', 'pubmed_qa.jsonl');

  it('renders every entry of the shared sample exactly as HELM does, in HELM order', async () => {
    const result = await checkPromptVectors(benchmark, {
      vectorsFile,
      dataDirectory: join(sharedDirectory ?? '', 'data', 'pubmed_qa'),
    });
    expect(result.failures).toEqual([]);
    expect(result.passed).toBe(200);
  });

  it('renders the bundled sample exactly as HELM does', async () => {
    const result = await checkBundledSample(benchmark, { vectorsFile });
    expect(result.failures).toEqual([]);
    expect(result.passed).toBe(20);
  });
});
