import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkBundledSample, checkPromptVectors } from '@medhelm/conformance';
import { describeConformanceChecks, findSharedDirectory, loadBenchmarkInstances } from '@medhelm/testing';
import { describe, expect, it } from 'vitest';
import { createHeadQaBenchmark } from './head-qa-benchmark.ts';

const sharedDirectory = findSharedDirectory();
const benchmark = createHeadQaBenchmark();

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
  ];
});

describe.skipIf(sharedDirectory === undefined)('head_qa extra data against HELM', () => {
  it('writes extra_data with HELM key order and value types (int id, string year)', async () => {
    // The vector comparison is order-insensitive; HELM's scenario_state.json is not.
    const vectorsFile = join(sharedDirectory ?? '', 'conformance', 'prompts', 'head_qa.jsonl');
    const vectors = readFileSync(vectorsFile, 'utf8')
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as { extra_data: Record<string, unknown> });
    const instances = await loadBenchmarkInstances(benchmark, {
      dataDirectory: join(sharedDirectory ?? '', 'data', 'head_qa'),
    });
    expect(instances).toHaveLength(vectors.length);
    instances.forEach((instance, index) => {
      const expected = vectors[index]?.extra_data ?? {};
      expect(Object.keys(instance.extraData ?? {})).toEqual(Object.keys(expected));
      expect(instance.extraData).toStrictEqual(expected);
    });
  });
});
