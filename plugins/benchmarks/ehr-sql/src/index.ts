import { defineBenchmarkPlugin } from '@medhelm/core';
import { createEhrSqlBenchmark } from './ehr-sql-benchmark.ts';

export {
  createEhrSqlBenchmark,
  type EhrSqlBenchmarkOptions,
} from './ehr-sql-benchmark.ts';
export {
  EHR_SQL_DATABASE_FILE,
  EHR_SQL_DATABASE_REVISION,
  EHR_SQL_SYNTHETIC_DATABASE_PATH,
  type EhrSqlDatabase,
  type ResolveEhrSqlDatabaseOptions,
  resolveEhrSqlDatabase,
  suggestedDatabasePath,
} from './ehr-sql-database.ts';
export {
  createEhrSqlDataset,
  EHR_SQL_BASE_URL,
  EHR_SQL_REVISION,
  EHR_SQL_SCHEMA_FILE,
  EHR_SQL_TEST_FILE,
  EHR_SQL_TRAIN_FILE,
  EHR_SQL_VALID_FILE,
} from './ehr-sql-dataset.ts';
export {
  EHR_SQL_DB_PATH,
  EHR_SQL_QUESTION_GAP,
  type EhrSqlEntry,
  ehrSqlEntrySchema,
  ehrSqlInstance,
  extractEhrSqlSchema,
} from './ehr-sql-instance.ts';
export { readEhrSqlQuestions } from './ehr-sql-question-file.ts';
export {
  createEhrSqlScorer,
  EHR_SQL_METRIC_SPEC,
  type EhrSqlScorer,
  type EhrSqlScorerOptions,
} from './ehr-sql-scorer.ts';

/** The EHRSQL benchmark, as the runner registers it. */
export const ehrSqlBenchmark = createEhrSqlBenchmark();

/** The plugin the runner loads: registers {@link ehrSqlBenchmark}. */
export const plugin = defineBenchmarkPlugin('@medhelm/benchmark-ehr-sql', ehrSqlBenchmark);
export { EHR_SQL_CARD } from './ehr-sql-card.ts';
