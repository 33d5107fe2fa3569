import { buildLeaderboard } from './build-leaderboard.ts';
import type { Leaderboard } from './leaderboard.ts';
import type { LeaderboardSchema } from './leaderboard-schema.ts';
import { MEDHELM_SCHEMA } from './medhelm-schema.ts';
import { readRunSpend } from './read-run-spend.ts';
import { readSuiteRuns, suiteDirectory } from './read-suite-runs.ts';

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
  const spend = readRunSpend(suiteDirectory(options.outputPath, options.suite));
  return buildLeaderboard(
    options.suite,
    runs,
    spend,
    schema.benchmarks.map((benchmark) => benchmark.name),
    {
      ...(options.resamples === undefined ? {} : { resamples: options.resamples }),
      ...(options.seed === undefined ? {} : { seed: options.seed }),
    },
  );
}
