// @medhelm/metrics/internal: what first-party tests, test kits and tools use beyond the contract
// (src/index.ts); not a stable API for plugins or users.
export type { EhrSqlItem } from './ehr-sql-python-values.ts';
export { helmSummarizationMetricSpec } from './helm-summarization-scorer.ts';
export type { RougeScores } from './rouge.ts';
