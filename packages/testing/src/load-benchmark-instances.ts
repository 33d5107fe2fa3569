import type { BenchmarkV1, IdentifiedInstance, Instance } from '@medhelm/core';
import { createSampleLoadContext, type SampleLoadContextOptions } from './create-sample-load-context.ts';

/**
 * Every instance `benchmark` loads from its bundled samples, or from `options.dataDirectory` where
 * a file is there ({@link createSampleLoadContext}), in load order, with the ids the engine gives
 * them: their own, or, when any lacks one, `id0`, `id1`, ... by position, as HELM numbers them.
 */
export async function loadBenchmarkInstances(
  benchmark: Pick<BenchmarkV1, 'dataset'>,
  options: SampleLoadContextOptions = {},
): Promise<IdentifiedInstance[]> {
  const instances: Instance[] = [];
  for await (const instance of benchmark.dataset.load(createSampleLoadContext(options)))
    instances.push(instance);
  const numberAll = instances.some((instance) => instance.id === undefined);
  return instances.map((instance, index) => ({
    ...instance,
    id: numberAll ? `id${index}` : (instance.id as string),
  }));
}
