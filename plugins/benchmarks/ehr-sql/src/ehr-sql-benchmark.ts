import { generationBenchmarkParts, helmScenario } from '@medhelm/benchmark-recipes';
import { type BenchmarkV1, defineBenchmark } from '@medhelm/core';
import { helmExactMatchScorer } from '@medhelm/metrics';
import { createEhrSqlDataset } from './ehr-sql-dataset.ts';
import { createEhrSqlScorer, type EhrSqlScorerOptions } from './ehr-sql-scorer.ts';

/** HELM's run spec and scenario name. */
export const EHR_SQL_ID = 'ehr_sql';

/** The instructions of HELM's `get_ehr_sql_run_spec` (medhelm_run_specs.py), verbatim. */
export const EHR_SQL_INSTRUCTIONS =
  'You are a highly skilled AI specializing in medical SQL queries. ' +
  'Given a database schema and a medical question, generate a valid SQL query ' +
  'that retrieves the required information from the database. ' +
  'Output only the SQL query without explanations.\n\n' +
  'Input: A database schema followed by a natural language question.\n' +
  "Output: A valid SQL query ending with ;. Only return SQL query, don't add additional text.\n\n" +
  'If the question is unanswerable, return an empty string without additional text or comments.';

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
    dataset: createEhrSqlDataset(),
    // get_generation_adapter_spec(..., max_tokens=1024, temperature=0). HELM scores the raw
    // completion (its annotator extracts the SQL, its metrics strip it): EhrSqlMetric, then
    // get_exact_match_metric_specs().
    ...generationBenchmarkParts(
      {
        instructions: EHR_SQL_INSTRUCTIONS,
        inputNoun: 'Medical Question + Schema',
        outputNoun: 'SQL Query',
        maxTokens: 1024,
        temperature: 0,
      },
      {
        scorers: [createEhrSqlScorer(options.scorer), helmExactMatchScorer()],
        mainMetric: 'ehr_sql_execution_accuracy',
      },
    ),
    helm: helmScenario({
      className: 'helm.benchmark.scenarios.ehr_sql_scenario.EhrSqlScenario',
      name: EHR_SQL_ID,
      // EhrSqlScenario.description verbatim, missing spaces included (HELM writes it to scenario.json).
      description:
        "EHRSQL is a benchmark designed to evaluate models on generating structured queriesfor clinical research. Each example includes a natural language question and a databaseschema, and the task is to produce an SQL query that would return the correct resultfor a biomedical research objective. This benchmark assesses a model's understandingof medical terminology, data structures, and query construction.",
      tags: ['sql', 'medical', 'reasoning'],
    }),
  });
}
