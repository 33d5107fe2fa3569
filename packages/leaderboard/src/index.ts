// The contract of @medhelm/leaderboard: what plugins, apps and users import. A name marked @public
// is documented in the README but imported nowhere in this repository (knip reports any other
// unused export).
export { compareModels } from './compare-models.ts';
export {
  comparisonTable,
  disagreementsTable,
} from './comparison-tables.ts';
export type {
  Leaderboard,
  LeaderboardModel,
  ScoreCaveats,
} from './leaderboard.ts';
export {
  type DisplayTable,
  modelsTable,
  scoresTable,
} from './leaderboard-tables.ts';
export { MEDHELM_SCHEMA } from './medhelm-schema.ts';
export {
  /** @public */ percentile,
} from './percentile.ts';
export { readLeaderboardSchema } from './read-leaderboard-schema.ts';
export {
  listSuiteModels,
  suiteDirectory,
} from './read-suite-runs.ts';
export {
  /** @public */ releaseMix,
} from './release-mix.ts';
export { provenanceLines } from './render-leaderboard.ts';
export {
  type DirectoryServer,
  serveDirectory,
} from './serve-directory.ts';
export type {
  SiteAccessTier,
  SiteInstance,
  SiteInstanceIndexEntry,
  SiteJudge,
  SiteRun,
  SiteRunIndex,
  SiteStat,
} from './site-data.ts';
export { summarizeSuite } from './summarize-suite.ts';
export { writeLeaderboardFiles } from './write-leaderboard-files.ts';
export {
  type WriteSiteOptions,
  writeSite,
} from './write-site.ts';
export {
  /** @public */ writeSiteData,
} from './write-site-data.ts';
