import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkBundledSample, checkInlinedPromptVectors, checkPromptVectors } from '@medhelm/conformance';
import { findSharedDirectory } from '@medhelm/testing';
import { describe, expect, it } from 'vitest';
import { createPubmedQaBenchmark } from './pubmed-qa-benchmark.ts';

const sharedDirectory = findSharedDirectory();
const inlinedVectorsFile = join(import.meta.dirname, '__fixtures__', 'helm-prompt-vectors.jsonl');
const benchmark = createPubmedQaBenchmark();

describe('pubmed_qa renders the HELM prompt vectors inlined in this package', () => {
  // Lines copied verbatim from the shared set (see src/__fixtures__/README.md); never skipped.
  it('renders each from the bundled sample byte for byte, with HELM references, mapping and request', async () => {
    const result = await checkInlinedPromptVectors(benchmark, {
      vectorsFile: inlinedVectorsFile,
    });
    expect(result.failures).toEqual([]);
    expect(result.passed).toBe(3);
  });
});

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

  it('inlines only verbatim lines of the shared vectors', () => {
    const shared = new Set(readFileSync(vectorsFile, 'utf8').split('\n'));
    const inlined = readFileSync(inlinedVectorsFile, 'utf8')
      .split('\n')
      .filter((line) => line !== '');
    expect(inlined.filter((line) => !shared.has(line))).toEqual([]);
  });

  it('renders the bundled sample exactly as HELM does', async () => {
    const result = await checkBundledSample(benchmark, { vectorsFile });
    expect(result.failures).toEqual([]);
    expect(result.passed).toBe(20);
  });
});
