import { ConfigError } from '@medhelm/core';
import { buildLeaderboard } from './build-leaderboard.ts';
import type { Leaderboard } from './leaderboard.ts';
import type { LeaderboardSchema } from './leaderboard-schema.ts';
import { MEDHELM_SCHEMA } from './medhelm-schema.ts';
import { readRunSpend } from './read-run-spend.ts';
import { readSuiteRuns, suiteDirectory } from './read-suite-runs.ts';
import { releaseMix } from './release-mix.ts';

/** Options of {@link summarizeSuite}. */
export interface SummarizeOptions {
  /** The output path runs were written to (`-o`, default `benchmark_output`). */
  outputPath: string;
  suite: string;
  /** Default: the built-in MedHELM schema (37 benchmarks). */
  schema?: LeaderboardSchema;
  /** Bootstrap resamples per cell (default 1,000) and seed (default 0). */
  resamples?: number;
  seed?: number;
  /** Told about each run directory skipped and why. */
  onWarning?: (message: string) => void;
  /**
   * Rank runs of different releases, or of one benchmark at different versions, together
   * (`--mix-releases`); the leaderboard then lists what differs. Default: refuse, saying what differs.
   */
  mixReleases?: boolean;
}

/**
 * The leaderboard of `<outputPath>/runs/<suite>/`: reads every run directory (ours and
 * HELM-written), streaming per-instance files one run at a time, and the suite's cost ledger.
 */
export async function summarizeSuite(options: SummarizeOptions): Promise<Leaderboard> {
  const schema = options.schema ?? MEDHELM_SCHEMA;
  const runs = await readSuiteRuns({
    outputPath: options.outputPath,
    suite: options.suite,
    schema,
    ...(options.onWarning === undefined ? {} : { onWarning: options.onWarning }),
  });
  const mix = releaseMix(runs);
  if (mix.differences.length > 0 && options.mixReleases !== true) {
    throw new ConfigError(
      `Suite ${options.suite} holds runs whose numbers do not mean the same, so they are not ranked together: ${mix.differences.join('; ')}.`,
      {
        hint: 'Summarize them in separate suites (medhelm run --suite), or pass --mix-releases to rank them together anyway (the leaderboard then lists what differs).',
      },
    );
  }
  const spend = readRunSpend(suiteDirectory(options.outputPath, options.suite));
  const leaderboard = buildLeaderboard(
    options.suite,
    runs,
    spend,
    schema.benchmarks.map((benchmark) => benchmark.name),
    {
      ...(options.resamples === undefined ? {} : { resamples: options.resamples }),
      ...(options.seed === undefined ? {} : { seed: options.seed }),
    },
  );
  return {
    ...leaderboard,
    provenance: {
      releases: mix.releases,
      runs_outside_releases: mix.runsOutsideReleases,
      runs_without_provenance: mix.runsWithoutProvenance,
      mixed: mix.differences,
    },
  };
}
