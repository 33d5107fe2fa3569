import { join, resolve } from 'node:path';
import { writeSite } from '@medhelm/leaderboard';
import { type CliIo, ExitCode } from '../cli-io.ts';
import { runCount, type SiteCommandOptions, siteOptions } from './site-options.ts';

/**
 * `medhelm export-site <dir>`: the viewer and the suite's data as a static site in <dir>
 * (per-instance data left out with --metrics-only), which also works opened from disk.
 */
export async function exportSiteCommand(
  directory: string,
  options: SiteCommandOptions,
  io: CliIo,
): Promise<number> {
  const site = resolve(io.cwd, directory);
  const { index } = await writeSite(siteOptions(options, site, io));
  io.stdout.write(
    `wrote the viewer for suite ${options.suite} (${runCount(index.runs.length)}${index.metrics_only ? ', metrics only' : ''}) to ${site}\nOpen ${join(site, 'index.html')} in a browser (it works from disk), host the folder on any static file server, or browse the suite with \`medhelm serve --suite ${options.suite}\`.\n`,
  );
  return ExitCode.ok;
}
