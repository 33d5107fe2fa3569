import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkBundledSample, checkInlinedPromptVectors, checkPromptVectors } from '@medhelm/conformance';
import { describeConformanceChecks } from '@medhelm/testing';
import { describe, expect, it } from 'vitest';
import { createPubmedQaBenchmark } from './pubmed-qa-benchmark.ts';

const inlinedVectorsFile = join(import.meta.dirname, '__fixtures__', 'helm-prompt-vectors.jsonl');
const benchmark = createPubmedQaBenchmark();

describe('pubmed_qa renders the HELM prompt vectors inlined in this package', () => {
  // Lines copied verbatim from the shared set (see src/__fixtures__/README.md); never skipped.
  it('renders each from the bundled sample byte for byte, with HELM references, mapping and request', async () => {
    const result = await checkInlinedPromptVectors(benchmark, { vectorsFile: inlinedVectorsFile });
    expect(result.failures).toEqual([]);
    expect(result.passed).toBe(3);
  });
});

describeConformanceChecks('pubmed_qa prompts are byte-identical to HELM', (shared) => {
  const vectorsFile = shared.promptVectors('pubmed_qa');
  return [
    {
      name: 'renders every entry of the shared sample exactly as HELM does, in HELM order',
      passed: 200,
      run: () => checkPromptVectors(benchmark, { vectorsFile, dataDirectory: shared.data('pubmed_qa') }),
    },
    {
      name: 'renders the bundled sample exactly as HELM does',
      passed: 20,
      run: () => checkBundledSample(benchmark, { vectorsFile }),
    },
    {
      name: 'inlines only verbatim lines of the shared vectors',
      passed: 3,
      run: async () => {
        const sharedLines = new Set(readFileSync(vectorsFile, 'utf8').split('\n'));
        const inlined = readFileSync(inlinedVectorsFile, 'utf8')
          .split('\n')
          .filter((line) => line !== '');
        return { passed: inlined.length, failures: inlined.filter((line) => !sharedLines.has(line)) };
      },
    },
  ];
});
