import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkBundledSample, checkInlinedPromptVectors, checkPromptVectors } from '@medhelm/conformance';
import { describeConformanceChecks, findFidelityDirectory, loadBenchmarkInstances } from '@medhelm/testing';
import { describe, expect, it } from 'vitest';
import { createHeadQaBenchmark } from './head-qa-benchmark.ts';

const fidelityDirectory = findFidelityDirectory(['conformance/prompts/head_qa.jsonl', 'data/head_qa']);
const inlinedVectorsFile = join(import.meta.dirname, '__fixtures__', 'helm-prompt-vectors.jsonl');
const benchmark = createHeadQaBenchmark();

describe('head_qa renders the HELM prompt vectors inlined in this package', () => {
  // Lines copied verbatim from the shared set (see src/__fixtures__/README.md); never skipped.
  it('renders each from the bundled sample byte for byte, with HELM references, mapping and request', async () => {
    const result = await checkInlinedPromptVectors(benchmark, { vectorsFile: inlinedVectorsFile });
    expect(result.failures).toEqual([]);
    expect(result.passed).toBe(3);
  });
});

describeConformanceChecks('head_qa prompts are byte-identical to HELM', (shared) => {
  const vectorsFile = shared.promptVectors('head_qa');
  return [
    {
      name: 'renders every text-only question of the shared sample exactly as HELM does, in HELM order',
      passed: 190,
      run: () => checkPromptVectors(benchmark, { vectorsFile, dataDirectory: shared.data('head_qa') }),
    },
    {
      name: 'renders the bundled sample exactly as HELM does',
      passed: 22,
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

describe.skipIf(fidelityDirectory === undefined)('head_qa extra data against HELM', () => {
  it('writes extra_data with HELM key order and value types (int id, string year)', async () => {
    // The vector comparison is order-insensitive; HELM's scenario_state.json is not.
    const vectorsFile = join(fidelityDirectory ?? '', 'conformance', 'prompts', 'head_qa.jsonl');
    const vectors = readFileSync(vectorsFile, 'utf8')
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as { extra_data: Record<string, unknown> });
    const instances = await loadBenchmarkInstances(benchmark, {
      dataDirectory: join(fidelityDirectory ?? '', 'data', 'head_qa'),
    });
    expect(instances).toHaveLength(vectors.length);
    instances.forEach((instance, index) => {
      const expected = vectors[index]?.extra_data ?? {};
      expect(Object.keys(instance.extraData ?? {})).toEqual(Object.keys(expected));
      expect(instance.extraData).toStrictEqual(expected);
    });
  });
});
