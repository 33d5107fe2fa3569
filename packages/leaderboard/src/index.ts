export { type BootstrapOptions, bootstrapInterval } from './bootstrap-interval.ts';
export { type BuildLeaderboardOptions, buildLeaderboard } from './build-leaderboard.ts';
export {
  type BenchmarkComparison,
  type CompareOptions,
  compareModels,
  type ModelComparison,
} from './compare-models.ts';
export { comparisonTable, disagreementsTable } from './comparison-tables.ts';
export type {
  Leaderboard,
  LeaderboardColumn,
  LeaderboardModel,
  LeaderboardProvenance,
  LeaderboardScore,
  ModelCost,
  ScoreCaveats,
} from './leaderboard.ts';
export {
  type LeaderboardBenchmark,
  type LeaderboardSchema,
  leaderboardSchemaSchema,
} from './leaderboard-schema.ts';
export { type DisplayTable, modelsTable, scoresTable } from './leaderboard-tables.ts';
export { MEDHELM_CATEGORIES, MEDHELM_SCHEMA } from './medhelm-schema.ts';
export { pairedSignFlipTest, type SignFlipOptions, type SignFlipResult } from './paired-sign-flip-test.ts';
export { percentile } from './percentile.ts';
export { type InstanceValues, readInstanceValues } from './read-instance-values.ts';
export { parseLeaderboardSchema, readLeaderboardSchema } from './read-leaderboard-schema.ts';
export { COST_LEDGER_FILE, type RunSpend, readRunSpend } from './read-run-spend.ts';
export {
  listSuiteModels,
  type ReadSuiteOptions,
  type ResolvedBenchmark,
  readSuiteRuns,
  type SuiteRun,
  suiteDirectory,
} from './read-suite-runs.ts';
export { type ReleaseMix, releaseMix } from './release-mix.ts';
export { provenanceLines, renderLeaderboardCsv, renderLeaderboardMarkdown } from './render-leaderboard.ts';
export { type DirectoryServer, serveDirectory } from './serve-directory.ts';
export type {
  SiteAccessTier,
  SiteInstance,
  SiteInstanceIndexEntry,
  SiteInstancePages,
  SiteJudge,
  SiteRun,
  SiteRunEntry,
  SiteRunIndex,
  SiteStat,
} from './site-data.ts';
export { type SummarizeOptions, summarizeSuite } from './summarize-suite.ts';
export { columnWinRates, meanWinRates, type WinRateColumn } from './win-rates.ts';
export { summaryDirectory, writeLeaderboardFiles } from './write-leaderboard-files.ts';
export { type WriteSiteOptions, writeSite } from './write-site.ts';
export {
  DEFAULT_INSTANCE_PAGE_SIZE,
  type SiteDataWritten,
  type WriteSiteDataOptions,
  writeSiteData,
} from './write-site-data.ts';
