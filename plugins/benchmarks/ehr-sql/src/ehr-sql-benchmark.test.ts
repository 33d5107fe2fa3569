import { join } from 'node:path';
import { EHR_SQL_STAT_NAMES, EXACT_MATCH_METRIC_NAMES, helmExactMatchMetricSpecs } from '@medhelm/metrics';
import {
  createSampleLoadContext,
  describeBenchmarkContract,
  describeBenchmarkDescription,
  describeMedhelmReferenceEntry,
} from '@medhelm/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { createEhrSqlBenchmark } from './ehr-sql-benchmark.ts';
import type { EhrSqlScorer } from './ehr-sql-scorer.ts';
import { ehrSqlBenchmark, plugin } from './index.ts';

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

describeBenchmarkDescription(ehrSqlBenchmark, {
  fields: {
    id: 'ehr_sql',
    displayName: 'EHRSQL',
    category: 'Medical Research Assistance',
    subcategory: 'Analyzing Clinical Research Data',
    access: 'public',
    license: 'CC-BY-4.0',
    mainMetric: { name: 'ehr_sql_execution_accuracy', split: 'test' },
  },
  normalizers: [],
  helm: {
    scenarioClassName: 'helm.benchmark.scenarios.ehr_sql_scenario.EhrSqlScenario',
    scenarioArgs: {},
    scenarioName: 'ehr_sql',
    tags: ['sql', 'medical', 'reasoning'],
    groups: ['ehr_sql'],
  },
  // EhrSqlMetric, then get_exact_match_metric_specs().
  metricSpecs: [
    { class_name: 'helm.benchmark.metrics.ehr_sql_metrics.EhrSqlMetric', args: {} },
    ...helmExactMatchMetricSpecs(),
  ],
  // get_ehr_sql_run_spec: [AnnotatorSpec(class_name=...)]; AnnotatorSpec.args defaults to {}. The
  // execution scorer does the annotator's work, so it brings the spec.
  annotatorSpecs: [{ class_name: 'helm.benchmark.annotation.ehr_sql_annotator.EhrSqlAnnotator', args: {} }],
});

describeMedhelmReferenceEntry(ehrSqlBenchmark);

describe('the ehr_sql benchmark', () => {
  it('scores with the execution scorer, then the exact-match family', () => {
    const [execution, exactMatch] = ehrSqlBenchmark.scorers;
    expect(execution?.statNames).toEqual(EHR_SQL_STAT_NAMES);
    expect(exactMatch?.statNames).toEqual(expect.arrayContaining([...EXACT_MATCH_METRIC_NAMES]));
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
