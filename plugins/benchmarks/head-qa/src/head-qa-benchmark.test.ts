import { join } from 'node:path';
import { helmExactMatchMetricSpecs } from '@medhelm/metrics';
import {
  createSampleLoadContext,
  describeBenchmarkContract,
  describeBenchmarkDescription,
  describeMedhelmReferenceEntry,
} from '@medhelm/testing';
import { describe, expect, it } from 'vitest';
import { createHeadQaBenchmark } from './head-qa-benchmark.ts';
import { headQaBenchmark, plugin } from './index.ts';

const packageJsonPath = join(import.meta.dirname, '..', 'package.json');

describeBenchmarkContract(createHeadQaBenchmark(), {
  packageJsonPath,
  plugin,
  loadContext: createSampleLoadContext(),
});

// get_head_qa_run_spec(language="en", category=None): asdict keeps None inside the args dict, so
// run_spec.json has "category": null; the run spec's name carries Python's str(None).
describeBenchmarkDescription(headQaBenchmark, {
  fields: {
    id: 'head_qa',
    displayName: 'HeadQA',
    category: 'Clinical Decision Support',
    subcategory: 'Providing Clinical Knowledge Support',
    access: 'public',
    license: 'MIT',
    mainMetric: { name: 'exact_match', split: 'test' },
  },
  normalizers: ['multiple_choice_output_mapping'],
  helm: {
    scenarioClassName: 'helm.benchmark.scenarios.headqa_scenario.HeadQAScenario',
    runSpecName: 'head_qa:language=en,category=None',
    scenarioArgs: { language: 'en', category: null },
    scenarioName: 'head_qa',
    tags: ['question_answering', 'biomedical', 'medicine'],
    definitionPath:
      'https://github.com/stanford-crfm/helm/blob/main/src/helm/benchmark/scenarios/headqa_scenario.py',
    groups: ['biomedical', 'head_qa'],
  },
  metricSpecs: helmExactMatchMetricSpecs(),
});

describeMedhelmReferenceEntry(headQaBenchmark);

describe('the head_qa scenario description', () => {
  it('is the class attribute, its lines concatenated without spaces', () => {
    expect(headQaBenchmark.helm.scenarioDescription).toContain('intended toevaluate');
    expect(headQaBenchmark.helm.scenarioDescription).toContain('a clinicalor scientific');
    expect(headQaBenchmark.helm.scenarioDescription).toMatch(/the mostappropriate answer\.$/);
  });
});
