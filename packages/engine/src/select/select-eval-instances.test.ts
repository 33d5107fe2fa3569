import { defineDatasetLoader, type Instance } from '@medhelm/core';
import { describe, expect, it } from 'vitest';
import { downsampleEvalIndices } from './downsample.ts';
import { selectEvalInstances } from './select-eval-instances.ts';

/** A loader of `count` test instances (every fifth a train one) that counts its passes. */
function countingLoader(count: number) {
  const passes = { count: 0 };
  const loader = defineDatasetLoader({
    access: 'public',
    license: 'MIT',
    upstream: { url: 'https://example.org' },
    files: [],
    async *load(): AsyncIterable<Instance> {
      passes.count++;
      for (let index = 0; index < count; index++) {
        yield {
          input: { text: `q${index}` },
          references: [],
          split: index % 5 === 4 ? 'train' : 'test',
        };
      }
    },
  });
  return { loader, passes };
}

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}

describe('selectEvalInstances', () => {
  it("streams a downsampled selection in HELM's order, window by window", async () => {
    const { loader, passes } = countingLoader(60);
    const selection = await selectEvalInstances({
      benchmarkId: 'x',
      loader,
      context: { resolveFile: async () => '' },
      maxEvalInstances: 20,
    });
    expect(selection).toMatchObject({ availableCount: 48, selectedCount: 20 });
    const before = passes.count;
    const ordered = await collect(selection.inPositionOrder(7));
    expect(passes.count - before).toBe(3);
    expect(ordered.map((item) => item.position)).toEqual(Array.from({ length: 20 }, (_, index) => index));
    // Position p holds the eval instance HELM's downsampling put there (ids over all instances).
    const evalTexts = Array.from({ length: 60 }, (_, index) => index)
      .filter((index) => index % 5 !== 4)
      .map((index) => `q${index}`);
    expect(ordered.map((item) => item.instance.input.text)).toEqual(
      downsampleEvalIndices(48, 20).map((evalIndex) => evalTexts[evalIndex]),
    );
    expect(ordered[0]?.instance.id).toBe(`id${Number(ordered[0]?.instance.input.text.slice(1))}`);
  });

  it('streams an undownsampled selection in one pass, in file order', async () => {
    const { loader, passes } = countingLoader(10);
    const selection = await selectEvalInstances({
      benchmarkId: 'x',
      loader,
      context: { resolveFile: async () => '' },
    });
    const before = passes.count;
    const ordered = await collect(selection.inPositionOrder(3));
    expect(passes.count - before).toBe(1);
    expect(ordered.map((item) => [item.position, item.instance.id])).toEqual([
      [0, 'id0'],
      [1, 'id1'],
      [2, 'id2'],
      [3, 'id3'],
      [4, 'id5'],
      [5, 'id6'],
      [6, 'id7'],
      [7, 'id8'],
    ]);
  });
});
