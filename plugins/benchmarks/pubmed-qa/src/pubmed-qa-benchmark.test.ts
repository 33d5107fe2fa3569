import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { benchmarkMetricSpecs } from '@medhelm/core';
import { helmExactMatchMetricSpecs } from '@medhelm/metrics';
import {
  createSampleLoadContext,
  describeBenchmarkContract,
  describeBenchmarkDescription,
  describeMedhelmReferenceEntry,
  findFidelityDirectory,
} from '@medhelm/testing';
import { describe, expect, it } from 'vitest';
import { plugin, pubmedQaBenchmark } from './index.ts';
import { createPubmedQaBenchmark } from './pubmed-qa-benchmark.ts';

const fidelityDirectory = findFidelityDirectory(['reference/helm-sample-run']);
const packageJsonPath = join(import.meta.dirname, '..', 'package.json');

describeBenchmarkContract(createPubmedQaBenchmark(), {
  packageJsonPath,
  plugin,
  loadContext: createSampleLoadContext(),
});

describeBenchmarkDescription(pubmedQaBenchmark, {
  fields: {
    id: 'pubmed_qa',
    displayName: 'PubMedQA',
    category: 'Medical Research Assistance',
    subcategory: 'Conducting Literature Research',
    access: 'public',
    license: 'MIT',
    mainMetric: { name: 'exact_match', split: 'test' },
  },
  normalizers: ['multiple_choice_output_mapping'],
  helm: { groups: ['pubmed_qa'] },
  metricSpecs: helmExactMatchMetricSpecs(),
});

describeMedhelmReferenceEntry(pubmedQaBenchmark);

describe.skipIf(fidelityDirectory === undefined)('the pubmed_qa benchmark against HELM output', () => {
  const runDirectory = join(fidelityDirectory ?? '', 'reference', 'helm-sample-run');
  const run = () => {
    const name = readdirSync(runDirectory).find((entry) => entry.startsWith('pubmed_qa:'));
    expect(name).toBeDefined();
    return join(runDirectory, name ?? '');
  };

  it("matches HELM's run_spec.json: scenario, adapter spec (engine-set fields aside), metrics, groups", () => {
    const runSpec = JSON.parse(readFileSync(join(run(), 'run_spec.json'), 'utf8')) as {
      scenario_spec: { class_name: string; args: Record<string, unknown> };
      adapter_spec: Record<string, unknown>;
      metric_specs: unknown[];
      groups: string[];
    };
    const { helm, prompt } = pubmedQaBenchmark;
    expect({ class_name: helm.scenarioClassName, args: helm.scenarioArgs }).toEqual(runSpec.scenario_spec);
    const { model: _m, model_deployment: _d, max_eval_instances: _x, ...adapterSpec } = runSpec.adapter_spec;
    const { model: _om, model_deployment: _od, ...ours } = prompt.adapterSpec;
    expect(ours).toEqual(adapterSpec);
    expect(JSON.stringify(benchmarkMetricSpecs(pubmedQaBenchmark))).toBe(
      JSON.stringify(runSpec.metric_specs),
    );
    expect(helm.groups).toEqual(runSpec.groups);
  });

  it("matches HELM's scenario.json", () => {
    const scenario = JSON.parse(readFileSync(join(run(), 'scenario.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    const { helm } = pubmedQaBenchmark;
    expect({
      name: helm.scenarioName,
      description: helm.scenarioDescription,
      tags: helm.tags,
      definition_path: helm.definitionPath,
    }).toEqual(scenario);
  });
});
