import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { IdentifiedInstance } from '@medhelm/core';
import { renderPrompt } from '@medhelm/core';
import { helmExactMatchMetricSpecs } from '@medhelm/metrics';
import { createSampleLoadContext, describeBenchmarkContract, findSharedDirectory } from '@medhelm/testing';
import { describe, expect, it } from 'vitest';
import { medhalluBenchmark, plugin } from './index.ts';
import { createMedhalluBenchmark } from './medhallu-benchmark.ts';

const sharedDirectory = findSharedDirectory();
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

describe('the medhallu benchmark', () => {
  it('describes itself as MedHELM does', () => {
    expect(medhalluBenchmark).toMatchObject({
      id: 'medhallu',
      displayName: 'MedHallu',
      category: 'Medical Research Assistance',
      subcategory: 'Ensuring Clinical Research Quality',
      access: 'public',
      license: 'MIT',
      normalizers: [],
      mainMetric: { name: 'exact_match', split: 'test' },
    });
    expect(medhalluBenchmark.helm).toMatchObject({
      scenarioClassName: 'helm.benchmark.scenarios.medhallu_scenario.MedHalluScenario',
      scenarioArgs: {},
      scenarioName: 'medhallu',
      tags: ['knowledge', 'reasoning', 'biomedical'],
      definitionPath:
        'https://github.com/stanford-crfm/helm/blob/main/src/helm/benchmark/scenarios/medhallu_scenario.py',
      groups: ['medhallu'],
    });
    // get_medhallu_spec: metric_specs=get_exact_match_metric_specs().
    expect(medhalluBenchmark.helm.metricSpecs).toEqual(helmExactMatchMetricSpecs());
    expect(medhalluBenchmark.helm.metricSpecs[0]).toEqual({
      class_name: 'helm.benchmark.metrics.basic_metrics.BasicGenerationMetric',
      args: { names: ['exact_match', 'quasi_exact_match', 'prefix_exact_match', 'quasi_prefix_exact_match'] },
    });
  });

  it.skipIf(!existsSync(scenarioFile))(
    "carries HELM's scenario description verbatim (missing spaces included)",
    () => {
      const source = readFileSync(scenarioFile, 'utf8');
      expect(medhalluBenchmark.helm.scenarioDescription).toBe(pythonStringAssignment(source, 'description'));
      expect(medhalluBenchmark.helm.scenarioDescription).toContain('biomedicalquestion answering');
    },
  );

  it.skipIf(sharedDirectory === undefined)(
    "uses the shared benchmark reference's category, access and headline metric",
    () => {
      const reference = JSON.parse(
        readFileSync(join(sharedDirectory ?? '', 'reference', 'medhelm-benchmarks.json'), 'utf8'),
      ) as unknown;
      const entries = (Array.isArray(reference) ? reference : Object.values(reference as object)).flat() as {
        name?: string;
      }[];
      const entry = entries.find((candidate) => candidate?.name === 'medhallu') as Record<string, unknown>;
      expect(entry).toBeDefined();
      expect({
        displayName: medhalluBenchmark.displayName,
        category: medhalluBenchmark.category,
        subcategory: medhalluBenchmark.subcategory,
        access: medhalluBenchmark.access,
        headlineMetric: medhalluBenchmark.mainMetric.name,
        metrics: medhalluBenchmark.helm.metricSpecs[0]?.args.names,
      }).toEqual({
        displayName: entry.displayName,
        category: entry.category,
        subcategory: entry.subcategory,
        access: entry.access,
        headlineMetric: entry.headlineMetric,
        metrics: entry.metrics,
      });
    },
  );

  it('scores completions as HELM exact match does: stripped for exact_match, normalized for quasi', async () => {
    const instances: IdentifiedInstance[] = [];
    for await (const instance of medhalluBenchmark.dataset.load(createSampleLoadContext())) {
      instances.push({ ...instance, id: `id${instances.length}` });
      if (instances.length === 2) break;
    }
    const [factual, hallucinated] = instances as [IdentifiedInstance, IdentifiedInstance];
    const [scorer] = medhalluBenchmark.scorers;
    const score = async (instance: IdentifiedInstance, completion: string) => {
      const rendered = renderPrompt(medhalluBenchmark.prompt, instance);
      const values = await scorer?.score({
        instance,
        request: rendered.request,
        result: {
          completions: [{ text: completion, finishReason: 'stop' }],
          usage: { promptTokens: 1, completionTokens: 1 },
          requestTimeSeconds: 0,
        },
        completion,
        prediction: completion,
        numTrainInstances: 0,
        promptTruncated: false,
      });
      const stats = values as Record<string, number>;
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
