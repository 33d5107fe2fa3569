import { resolve } from 'node:path';
import { readLeaderboardSchema, type WriteSiteOptions } from '@medhelm/leaderboard';
import { viewerSiteDirectory } from '@medhelm/viewer';
import type { CliIo } from '../cli-io.ts';

/** The options `medhelm serve` and `medhelm export-site` share. */
export interface SiteCommandOptions {
  suite: string;
  outputPath: string;
  schema?: string;
  metricsOnly?: boolean;
}

/** What writeSite needs for the suite, the built viewer and the site folder `site`. */
export function siteOptions(options: SiteCommandOptions, site: string, io: CliIo): WriteSiteOptions {
  return {
    outputPath: resolve(io.cwd, options.outputPath),
    suite: options.suite,
    site,
    viewerDirectory: viewerSiteDirectory(),
    metricsOnly: options.metricsOnly ?? false,
    ...(options.schema === undefined
      ? {}
      : { schema: readLeaderboardSchema(resolve(io.cwd, options.schema)) }),
    onWarning: (message) => io.stderr.write(`warning: ${message}\n`),
  };
}

/** "1 run", "4 runs". */
export function runCount(count: number): string {
  return `${count} run${count === 1 ? '' : 's'}`;
}
