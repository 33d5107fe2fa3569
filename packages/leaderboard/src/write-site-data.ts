import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Leaderboard } from './leaderboard.ts';
import { readRunSpec } from './read-run-files.ts';
import { runDirectoryNames, suiteDirectory } from './read-suite-runs.ts';
import type { SiteRunEntry, SiteRunIndex } from './site-data.ts';
import type { SiteHeadline } from './site-instance.ts';
import { type SummarizeOptions, summarizeSuite } from './summarize-suite.ts';
import { writeSiteDataFile } from './write-site-data-file.ts';
import { writeSiteRun } from './write-site-run.ts';

/** Instances per page file unless told otherwise: small enough to load at once in a browser. */
export const DEFAULT_INSTANCE_PAGE_SIZE = 200;

/** Options of {@link writeSiteData}. */
export interface WriteSiteDataOptions extends SummarizeOptions {
  /** The site folder; the data goes to `<site>/data/` (replaced). */
  site: string;
  /** Leave out per-instance data (prompts, completions, references, judge explanations). */
  metricsOnly?: boolean;
  pageSize?: number;
}

/** What {@link writeSiteData} wrote. */
export interface SiteDataWritten {
  leaderboard: Leaderboard;
  index: SiteRunIndex;
}

/**
 * Writes a viewer site's data for a suite (see site-data.ts): the leaderboard as summarize
 * computes it, and each run the leaderboard counts, read one at a time. Every file is written as
 * JSON and as a script beside it (see write-site-data-file.ts), for a site opened from disk.
 */
export async function writeSiteData(options: WriteSiteDataOptions): Promise<SiteDataWritten> {
  const leaderboard = await summarizeSuite(options);
  const data = join(options.site, 'data');
  rmSync(data, { recursive: true, force: true });
  mkdirSync(join(data, 'runs'), { recursive: true });
  writeSiteDataFile(data, 'leaderboard.json', leaderboard);
  const counted = countedRuns(leaderboard);
  const folder = suiteDirectory(options.outputPath, options.suite);
  const runs: SiteRunEntry[] = [];
  for (const directoryName of runDirectoryNames(folder)) {
    const directory = join(folder, directoryName);
    if (!existsSync(join(directory, 'run_spec.json'))) continue;
    const name = readRunSpec(directory).name;
    const counts = counted.get(name);
    if (counts === undefined) continue;
    const path = `run-${runs.length}`;
    const run = await writeSiteRun({
      directory,
      data,
      name,
      path,
      model: counts.model,
      benchmarks: counts.benchmarks,
      headline: counts.headline,
      metricsOnly: options.metricsOnly ?? false,
      pageSize: options.pageSize ?? DEFAULT_INSTANCE_PAGE_SIZE,
    });
    runs.push({
      name: run.name,
      path: run.path,
      model: run.model,
      benchmarks: run.benchmarks,
      access: run.access,
      caveats: run.caveats,
      instances: run.instances,
    });
  }
  const index: SiteRunIndex = { suite: options.suite, metrics_only: options.metricsOnly ?? false, runs };
  writeSiteDataFile(data, 'runs.json', index);
  return { leaderboard, index };
}

/** The runs behind the leaderboard's cells: their model, benchmarks, and first benchmark's headline. */
function countedRuns(
  leaderboard: Leaderboard,
): Map<string, { model: string; benchmarks: string[]; headline: SiteHeadline }> {
  const runs = new Map<string, { model: string; benchmarks: string[]; headline: SiteHeadline }>();
  for (const model of leaderboard.models) {
    for (const [benchmark, score] of Object.entries(model.scores)) {
      for (const name of score.runs) {
        const run = runs.get(name);
        if (run === undefined) {
          runs.set(name, {
            model: model.model,
            benchmarks: [benchmark],
            headline: { metric: score.metric, split: score.split },
          });
        } else if (!run.benchmarks.includes(benchmark)) {
          run.benchmarks.push(benchmark);
        }
      }
    }
  }
  return runs;
}
