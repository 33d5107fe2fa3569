import { describe, expect, it } from 'vitest';
import { HELM_ADAPTER_SPEC_DEFAULTS } from '../schemas/helm-spec.ts';
import { defineBenchmark, defineDatasetLoader, definePromptTemplate } from './define.ts';

const dataset = defineDatasetLoader({
  access: 'gated',
  license: 'PhysioNet Credentialed Health Data License 1.5.0',
  upstream: { url: 'https://physionet.org/' },
  files: [],
  async *load() {},
});

const parts = {
  id: 'my_bench',
  displayName: 'My bench',
  description: 'test',
  category: 'Clinical Decision Support',
  subcategory: 'test',
  dataset,
  prompt: definePromptTemplate({
    adapterSpec: HELM_ADAPTER_SPEC_DEFAULTS,
    compile: () => () => {
      throw new Error('not rendered');
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
} as const;

describe('defineBenchmark', () => {
  it('takes the access tier and license from its dataset when it states neither', () => {
    const benchmark = defineBenchmark(parts);
    expect(benchmark.specificationVersion).toBe('v1');
    expect(benchmark.access).toBe('gated');
    expect(benchmark.license).toBe('PhysioNet Credentialed Health Data License 1.5.0');
  });

  it('keeps an access tier and license it states itself', () => {
    const benchmark = defineBenchmark({ ...parts, access: 'private', license: 'Site-internal' });
    expect(benchmark.access).toBe('private');
    expect(benchmark.license).toBe('Site-internal');
  });
});
