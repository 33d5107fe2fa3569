import { join } from 'node:path';
import { helmExactMatchMetricSpecs } from '@medhelm/metrics';
import { createSampleLoadContext, describeBenchmarkContract } from '@medhelm/testing';
import { describe, expect, it } from 'vitest';
import { createHeadQaBenchmark } from './head-qa-benchmark.ts';
import { headQaBenchmark, plugin } from './index.ts';

const packageJsonPath = join(import.meta.dirname, '..', 'package.json');

describeBenchmarkContract(createHeadQaBenchmark(), {
  packageJsonPath,
  plugin,
  loadContext: createSampleLoadContext(),
});

describe('the head_qa benchmark', () => {
  it('describes itself as MedHELM does', () => {
    expect(headQaBenchmark).toMatchObject({
      id: 'head_qa',
      displayName: 'HeadQA',
      category: 'Clinical Decision Support',
      subcategory: 'Providing Clinical Knowledge Support',
      access: 'public',
      license: 'MIT',
      mainMetric: { name: 'exact_match', split: 'test' },
    });
    expect(headQaBenchmark.normalizers.map((normalizer) => normalizer.id)).toEqual([
      'multiple_choice_output_mapping',
    ]);
    expect(headQaBenchmark.helm.metricSpecs).toEqual(helmExactMatchMetricSpecs());
  });

  it('writes run_spec.json and scenario.json fields as HELM does', () => {
    // get_head_qa_run_spec(language="en", category=None): asdict keeps None inside the args dict,
    // so run_spec.json has "category": null; groups ["biomedical", "head_qa"].
    expect(headQaBenchmark.helm).toMatchObject({
      scenarioClassName: 'helm.benchmark.scenarios.headqa_scenario.HeadQAScenario',
      // medhelm_run_specs.py: name=f"head_qa:language={language},category={category}" (Python's str(None)).
      runSpecName: 'head_qa:language=en,category=None',
      scenarioArgs: { language: 'en', category: null },
      scenarioName: 'head_qa',
      tags: ['question_answering', 'biomedical', 'medicine'],
      definitionPath:
        'https://github.com/stanford-crfm/helm/blob/main/src/helm/benchmark/scenarios/headqa_scenario.py',
      groups: ['biomedical', 'head_qa'],
    });
    // The class attribute concatenates its lines without spaces.
    expect(headQaBenchmark.helm.scenarioDescription).toContain('intended toevaluate');
    expect(headQaBenchmark.helm.scenarioDescription).toContain('a clinicalor scientific');
    expect(headQaBenchmark.helm.scenarioDescription).toMatch(/the mostappropriate answer\.$/);
  });
});
