import { type BenchmarkV1, defineBenchmark } from '@medhelm/core';
import {
  EXACT_MATCH_METRIC_NAMES,
  helmBasicGenerationScorer,
  helmExactMatchMetricSpecs,
} from '@medhelm/metrics';
import { createEhrSqlDataset } from './ehr-sql-dataset.ts';
import { createEhrSqlPrompt } from './ehr-sql-prompt.ts';
import { createEhrSqlScorer, EHR_SQL_METRIC_SPEC, type EhrSqlScorerOptions } from './ehr-sql-scorer.ts';

/** HELM's run spec and scenario name. */
export const EHR_SQL_ID = 'ehr_sql';

/** Options of {@link createEhrSqlBenchmark}. */
export interface EhrSqlBenchmarkOptions {
  /** Sandbox limits and lifecycle of the execution scorer. */
  scorer?: EhrSqlScorerOptions;
}

/**
 * MedHELM's EHRSQL benchmark: text-to-SQL over the eICU schema (answer, or abstain with an empty
 * completion when the question cannot be answered from the database), scored by executing the gold
 * and the generated SQL in a sandbox (HELM's EhrSqlAnnotator + EhrSqlMetric), then by the
 * exact-match family.
 */
export function createEhrSqlBenchmark(options: EhrSqlBenchmarkOptions = {}): BenchmarkV1 {
  return defineBenchmark({
    id: EHR_SQL_ID,
    displayName: 'EHRSQL',
    // The MedHELM schema's run-group description (schema_medhelm.yaml).
    description:
      "EHRSQL is a benchmark designed to evaluate models on generating structured queries for clinical research. Each example includes a natural language question and a database schema, and the task is to produce an SQL query that would return the correct result for a biomedical research objective. This benchmark assesses a model's understanding of medical terminology, data structures, and query construction.",
    category: 'Medical Research Assistance',
    subcategory: 'Analyzing Clinical Research Data',
    access: 'public',
    license: 'CC-BY-4.0',
    dataset: createEhrSqlDataset(),
    prompt: createEhrSqlPrompt(),
    // HELM scores the raw completion: its annotator extracts the SQL, its metrics strip it.
    normalizers: [],
    // In the order of HELM's metric_specs: EhrSqlMetric, then get_exact_match_metric_specs().
    scorers: [
      createEhrSqlScorer(options.scorer),
      helmBasicGenerationScorer({ names: EXACT_MATCH_METRIC_NAMES }),
    ],
    mainMetric: { name: 'ehr_sql_execution_accuracy', split: 'test' },
    helm: {
      scenarioClassName: 'helm.benchmark.scenarios.ehr_sql_scenario.EhrSqlScenario',
      scenarioArgs: {},
      scenarioName: EHR_SQL_ID,
      // EhrSqlScenario.description verbatim, missing spaces included (HELM writes it to scenario.json).
      scenarioDescription:
        "EHRSQL is a benchmark designed to evaluate models on generating structured queriesfor clinical research. Each example includes a natural language question and a databaseschema, and the task is to produce an SQL query that would return the correct resultfor a biomedical research objective. This benchmark assesses a model's understandingof medical terminology, data structures, and query construction.",
      tags: ['sql', 'medical', 'reasoning'],
      definitionPath:
        'https://github.com/stanford-crfm/helm/blob/main/src/helm/benchmark/scenarios/ehr_sql_scenario.py',
      groups: [EHR_SQL_ID],
      metricSpecs: [EHR_SQL_METRIC_SPEC, ...helmExactMatchMetricSpecs()],
      // get_ehr_sql_run_spec: AnnotatorSpec(class_name=...EhrSqlAnnotator), args defaulting to {}.
      annotatorSpecs: [
        { class_name: 'helm.benchmark.annotation.ehr_sql_annotator.EhrSqlAnnotator', args: {} },
      ],
    },
  });
}
