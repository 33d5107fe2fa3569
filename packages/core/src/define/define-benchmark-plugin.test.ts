import { describe, expect, it } from 'vitest';
import { HELM_ADAPTER_SPEC_DEFAULTS } from '../schemas/helm-spec.ts';
import type { BenchmarkV1 } from '../spec/benchmark-v1.ts';
import { defineBenchmark, defineDatasetLoader, definePromptTemplate } from './define.ts';
import { defineBenchmarkPlugin } from './define-benchmark-plugin.ts';

const benchmark = defineBenchmark({
  id: 'my_bench',
  displayName: 'My bench',
  description: 'test',
  category: 'Clinical Decision Support',
  subcategory: 'test',
  access: 'public',
  license: 'MIT',
  dataset: defineDatasetLoader({
    access: 'public',
    license: 'MIT',
    upstream: { url: 'https://example.org' },
    files: [],
    async *load() {},
  }),
  prompt: definePromptTemplate({
    adapterSpec: HELM_ADAPTER_SPEC_DEFAULTS,
    compile: () => () => {
      throw new Error('not rendered: registration only');
    },
  }),
  normalizers: [],
  scorers: [],
  mainMetric: { name: 'exact_match', split: 'test' },
  helm: {
    scenarioClassName: 'helm.benchmark.scenarios.my_bench_scenario.MyBenchScenario',
    scenarioArgs: {},
    scenarioName: 'my_bench',
    scenarioDescription: 'test',
    tags: [],
    definitionPath: 'https://example.org',
    groups: ['my_bench'],
  },
});

describe('defineBenchmarkPlugin', () => {
  it('is a v1 benchmark plugin that registers the benchmark and nothing else', async () => {
    const plugin = defineBenchmarkPlugin('@acme/medhelm-benchmark-my-bench', benchmark);
    expect(plugin).toMatchObject({
      specificationVersion: 'v1',
      name: '@acme/medhelm-benchmark-my-bench',
      kind: 'benchmark',
    });
    const registered: BenchmarkV1[] = [];
    const other = () => {
      throw new Error('a benchmark plugin registers only its benchmark');
    };
    await plugin.register({
      registerBenchmark: (registeredBenchmark) => registered.push(registeredBenchmark),
      registerProvider: other,
      registerScorer: other,
      registerNormalizer: other,
    });
    expect(registered).toEqual([benchmark]);
  });
});
