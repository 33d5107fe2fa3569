import {
  defineBenchmark,
  defineDatasetLoader,
  definePromptTemplate,
  HELM_ADAPTER_SPEC_DEFAULTS,
} from '@medhelm/core';

/** A minimal benchmark for planner tests: only its id and adapter spec matter there. */
export function fakeBenchmark(id: string) {
  return defineBenchmark({
    id,
    displayName: id,
    description: id,
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
      adapterSpec: { ...HELM_ADAPTER_SPEC_DEFAULTS, max_train_instances: 0 },
      render: () => {
        throw new Error('not rendered in planner tests');
      },
    }),
    normalizers: [],
    scorers: [],
    mainMetric: { name: 'exact_match', split: 'test' },
    helm: {
      scenarioClassName: `helm.benchmark.scenarios.${id}`,
      scenarioArgs: {},
      scenarioName: id,
      scenarioDescription: id,
      tags: [],
      definitionPath: 'https://example.org',
      groups: [id],
    },
  });
}
