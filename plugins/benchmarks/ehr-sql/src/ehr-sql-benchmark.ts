import { generationBenchmark } from '@medhelm/benchmark-recipes';
import type { BenchmarkV1 } from '@medhelm/core';
import { helmExactMatchScorer } from '@medhelm/metrics';
import { EHR_SQL_CARD } from './ehr-sql-card.ts';
import { createEhrSqlDataset } from './ehr-sql-dataset.ts';
import { createEhrSqlScorer, type EhrSqlScorerOptions } from './ehr-sql-scorer.ts';

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
  return generationBenchmark(EHR_SQL_CARD, {
    dataset: createEhrSqlDataset(),
    // HELM scores the raw completion (its annotator extracts the SQL, its metrics strip it):
    // EhrSqlMetric, then get_exact_match_metric_specs().
    scorers: [createEhrSqlScorer(options.scorer), helmExactMatchScorer()],
    mainMetric: 'ehr_sql_execution_accuracy',
  });
}
