import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkBundledSample, checkInlinedPromptVectors, checkPromptVectors } from '@medhelm/conformance';
import type { Instance } from '@medhelm/core';
import { createSampleLoadContext, findSharedDirectory } from '@medhelm/testing';
import { describe, expect, it } from 'vitest';
import { createHeadQaBenchmark } from './head-qa-benchmark.ts';

const sharedDirectory = findSharedDirectory();
const inlinedVectorsFile = join(import.meta.dirname, '__fixtures__', 'helm-prompt-vectors.jsonl');
const benchmark = createHeadQaBenchmark();

describe('head_qa renders the HELM prompt vectors inlined in this package', () => {
  // Lines copied verbatim from the shared set (see src/__fixtures__/README.md); never skipped.
  it('renders each from the bundled sample byte for byte, with HELM references, mapping and request', async () => {
    const result = await checkInlinedPromptVectors(benchmark, {
      vectorsFile: inlinedVectorsFile,
    });
    expect(result.failures).toEqual([]);
    expect(result.passed).toBe(3);
  });
});

describe.skipIf(sharedDirectory === undefined)('head_qa prompts are byte-identical to HELM', () => {
  const vectorsFile = join(sharedDirectory ?? '', 'conformance', 'prompts', 'head_qa.jsonl');
  const dataDirectory = join(sharedDirectory ?? '', 'data', 'head_qa');

  it('renders every text-only question of the shared sample exactly as HELM does, in HELM order', async () => {
    const result = await checkPromptVectors(benchmark, { vectorsFile, dataDirectory });
    expect(result.failures).toEqual([]);
    expect(result.passed).toBe(190);
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
    expect(result.passed).toBe(22);
  });

  it('writes extra_data with HELM key order and value types (int id, string year)', async () => {
    // The vector comparison is order-insensitive; HELM's scenario_state.json is not.
    const vectors = readFileSync(vectorsFile, 'utf8')
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as { extra_data: Record<string, unknown> });
    const instances: Instance[] = [];
    for await (const instance of benchmark.dataset.load(createSampleLoadContext({ dataDirectory }))) {
      instances.push(instance);
    }
    expect(instances).toHaveLength(vectors.length);
    instances.forEach((instance, index) => {
      const expected = vectors[index]?.extra_data ?? {};
      expect(Object.keys(instance.extraData ?? {})).toEqual(Object.keys(expected));
      expect(instance.extraData).toStrictEqual(expected);
    });
  });
});
