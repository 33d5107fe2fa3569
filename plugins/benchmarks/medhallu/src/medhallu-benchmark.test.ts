import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { IdentifiedInstance } from '@medhelm/core';
import { helmExactMatchMetricSpecs } from '@medhelm/metrics';
import {
  createSampleLoadContext,
  describeBenchmarkContract,
  describeBenchmarkDescription,
  describeMedhelmReferenceEntry,
  loadBenchmarkInstances,
  scoreWithEveryScorer,
} from '@medhelm/testing';
import { describe, expect, it } from 'vitest';
import { medhalluBenchmark, plugin } from './index.ts';
import { createMedhalluBenchmark } from './medhallu-benchmark.ts';

const packageJsonPath = join(import.meta.dirname, '..', 'package.json');
// HELM's source, where this machine has a checkout (the strings below are checked against it).
const helmSource = process.env.HELM_SRC ?? '/work/helm-src';
const scenarioFile = join(helmSource, 'src', 'helm', 'benchmark', 'scenarios', 'medhallu_scenario.py');

describeBenchmarkContract(createMedhalluBenchmark(), {
  packageJsonPath,
  plugin,
  loadContext: createSampleLoadContext(),
  maxInstances: 40,
});

/** The concatenated Python string literals of `<name> = (...)` in a class body. */
function pythonStringAssignment(source: string, name: string): string {
  const start = source.indexOf(`    ${name} = (`);
  expect(start).toBeGreaterThanOrEqual(0);
  const end = source.indexOf('\n    )', start);
  const literals = source.slice(start, end).match(/"(?:[^"\\]|\\.)*"/g) ?? [];
  return literals.map((literal) => JSON.parse(literal) as string).join('');
}

describeBenchmarkDescription(medhalluBenchmark, {
  fields: {
    id: 'medhallu',
    displayName: 'MedHallu',
    category: 'Medical Research Assistance',
    subcategory: 'Ensuring Clinical Research Quality',
    access: 'public',
    license: 'MIT',
    mainMetric: { name: 'exact_match', split: 'test' },
  },
  normalizers: [],
  helm: {
    scenarioClassName: 'helm.benchmark.scenarios.medhallu_scenario.MedHalluScenario',
    scenarioArgs: {},
    scenarioName: 'medhallu',
    tags: ['knowledge', 'reasoning', 'biomedical'],
    definitionPath:
      'https://github.com/stanford-crfm/helm/blob/main/src/helm/benchmark/scenarios/medhallu_scenario.py',
    groups: ['medhallu'],
  },
  // get_medhallu_spec: metric_specs=get_exact_match_metric_specs().
  metricSpecs: helmExactMatchMetricSpecs(),
});

describeMedhelmReferenceEntry(medhalluBenchmark);

describe('the medhallu benchmark', () => {
  it.skipIf(!existsSync(scenarioFile))(
    "carries HELM's scenario description verbatim (missing spaces included)",
    () => {
      const source = readFileSync(scenarioFile, 'utf8');
      expect(medhalluBenchmark.helm.scenarioDescription).toBe(pythonStringAssignment(source, 'description'));
      expect(medhalluBenchmark.helm.scenarioDescription).toContain('biomedicalquestion answering');
    },
  );

  it('scores completions as HELM exact match does: stripped for exact_match, normalized for quasi', async () => {
    const [factual, hallucinated] = (await loadBenchmarkInstances(medhalluBenchmark)).slice(0, 2) as [
      IdentifiedInstance,
      IdentifiedInstance,
    ];
    const score = async (instance: IdentifiedInstance, completion: string) => {
      const stats = (await scoreWithEveryScorer(medhalluBenchmark, instance, completion)) as Record<
        string,
        number
      >;
      return [
        stats.exact_match,
        stats.quasi_exact_match,
        stats.prefix_exact_match,
        stats.quasi_prefix_exact_match,
      ];
    };
    // exact_match compares stripped strings; quasi_* also lower-case and drop punctuation/articles;
    // prefix_* ask whether the prediction starts with the gold answer.
    expect(await score(factual, ' 0\n')).toEqual([1, 1, 1, 1]);
    expect(await score(factual, '0.')).toEqual([0, 1, 1, 1]);
    expect(await score(hallucinated, '10')).toEqual([0, 0, 1, 1]);
    expect(await score(hallucinated, '0')).toEqual([0, 0, 0, 0]);
  });
});
