import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EHR_SQL_STAT_NAMES, EXACT_MATCH_METRIC_NAMES, helmExactMatchMetricSpecs } from '@medhelm/metrics';
import { createSampleLoadContext, describeBenchmarkContract, findSharedDirectory } from '@medhelm/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { createEhrSqlBenchmark } from './ehr-sql-benchmark.ts';
import type { EhrSqlScorer } from './ehr-sql-scorer.ts';
import { ehrSqlBenchmark, plugin } from './index.ts';

const sharedDirectory = findSharedDirectory();
const packageJsonPath = join(import.meta.dirname, '..', 'package.json');
const loadContext = createSampleLoadContext();

const contractBenchmark = createEhrSqlBenchmark();
afterAll(async () => {
  await (contractBenchmark.scorers[0] as EhrSqlScorer).close();
  await (ehrSqlBenchmark.scorers[0] as EhrSqlScorer).close();
});

describeBenchmarkContract(contractBenchmark, {
  packageJsonPath,
  loadContext,
  plugin,
  // For an impossible question HELM's reference text is "null"; as a completion that is a
  // non-empty prediction, which EhrSqlMetric scores 0 (only an empty completion abstains: see
  // ehr-sql-scorer.test.ts). Every answerable bundled gold query returns rows on the synthetic
  // database (ehr-sql-database.test.ts), so the gold SQL itself scores 1 there.
  oracleReachesMaximum: (instance) => instance.extraData?.is_impossible !== true,
  timeoutMs: 60_000,
});

describe('the ehr_sql benchmark', () => {
  it('describes itself as MedHELM does', () => {
    expect(ehrSqlBenchmark).toMatchObject({
      id: 'ehr_sql',
      displayName: 'EHRSQL',
      category: 'Medical Research Assistance',
      subcategory: 'Analyzing Clinical Research Data',
      access: 'public',
      license: 'CC-BY-4.0',
      normalizers: [],
      mainMetric: { name: 'ehr_sql_execution_accuracy', split: 'test' },
    });
    expect(ehrSqlBenchmark.helm).toMatchObject({
      scenarioClassName: 'helm.benchmark.scenarios.ehr_sql_scenario.EhrSqlScenario',
      scenarioArgs: {},
      scenarioName: 'ehr_sql',
      tags: ['sql', 'medical', 'reasoning'],
      groups: ['ehr_sql'],
    });
  });

  it("lists HELM's metric_specs exactly: EhrSqlMetric, then get_exact_match_metric_specs()", () => {
    expect(ehrSqlBenchmark.helm.metricSpecs).toEqual([
      { class_name: 'helm.benchmark.metrics.ehr_sql_metrics.EhrSqlMetric', args: {} },
      {
        class_name: 'helm.benchmark.metrics.basic_metrics.BasicGenerationMetric',
        args: {
          names: ['exact_match', 'quasi_exact_match', 'prefix_exact_match', 'quasi_prefix_exact_match'],
        },
      },
      { class_name: 'helm.benchmark.metrics.basic_metrics.BasicReferenceMetric', args: {} },
      { class_name: 'helm.benchmark.metrics.basic_metrics.InstancesPerSplitMetric', args: {} },
    ]);
    expect(ehrSqlBenchmark.helm.metricSpecs.slice(1)).toEqual(helmExactMatchMetricSpecs());
    expect(ehrSqlBenchmark.scorers.map((scorer) => scorer.helmMetricSpec?.class_name)).toEqual(
      ehrSqlBenchmark.helm.metricSpecs.slice(0, 2).map((spec) => spec.class_name),
    );
    const [execution, exactMatch] = ehrSqlBenchmark.scorers;
    expect(execution?.statNames).toEqual(EHR_SQL_STAT_NAMES);
    expect(exactMatch?.statNames).toEqual(expect.arrayContaining([...EXACT_MATCH_METRIC_NAMES]));
  });

  it("lists HELM's annotators: the EhrSqlAnnotator, as run_spec.json writes it", () => {
    // medhelm_run_specs.py get_ehr_sql_run_spec: [AnnotatorSpec(class_name=...)]; AnnotatorSpec.args defaults to {}.
    expect(ehrSqlBenchmark.helm.annotatorSpecs).toEqual([
      { class_name: 'helm.benchmark.annotation.ehr_sql_annotator.EhrSqlAnnotator', args: {} },
    ]);
  });

  it("keeps the scenario's description verbatim, missing spaces included", () => {
    // Python concatenates the five literals of EhrSqlScenario.description with no separator.
    const pieces = [
      'EHRSQL is a benchmark designed to evaluate models on generating structured queries',
      'for clinical research. Each example includes a natural language question and a database',
      'schema, and the task is to produce an SQL query that would return the correct result',
      "for a biomedical research objective. This benchmark assesses a model's understanding",
      'of medical terminology, data structures, and query construction.',
    ];
    expect(ehrSqlBenchmark.helm.scenarioDescription).toBe(pieces.join(''));
  });
});

describe.skipIf(sharedDirectory === undefined)('the ehr_sql benchmark against the MedHELM reference', () => {
  it('matches the reference entry: names, category, access, metrics and headline metric', () => {
    const reference = JSON.parse(
      readFileSync(join(sharedDirectory ?? '', 'reference', 'medhelm-benchmarks.json'), 'utf8'),
    ) as { benchmarks?: unknown[] } | unknown[];
    const entries = (Array.isArray(reference) ? reference : (reference.benchmarks ?? [])) as {
      name: string;
      displayName: string;
      category: string;
      subcategory: string;
      access: string;
      metrics: string[];
      headlineMetric: string;
    }[];
    const entry = entries.find((candidate) => candidate.name === 'ehr_sql');
    expect(entry).toBeDefined();
    expect({
      displayName: ehrSqlBenchmark.displayName,
      category: ehrSqlBenchmark.category,
      subcategory: ehrSqlBenchmark.subcategory,
      access: ehrSqlBenchmark.access,
      headlineMetric: ehrSqlBenchmark.mainMetric.name,
      // The exact-match scorer also emits HELM's basic stats (num_train_instances, ...).
      metrics: ehrSqlBenchmark.scorers
        .flatMap((scorer) => scorer.statNames)
        .filter((name) => entry?.metrics.includes(name)),
    }).toEqual({
      displayName: entry?.displayName,
      category: entry?.category,
      subcategory: entry?.subcategory,
      access: entry?.access,
      headlineMetric: entry?.headlineMetric,
      metrics: entry?.metrics,
    });
  });
});
