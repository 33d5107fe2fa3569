import { resolve } from 'node:path';
import { writeSite } from '@medhelm/leaderboard';
import { type CliIo, ExitCode } from '../cli-io.ts';
import { type SiteCommandOptions, siteOptions } from './site-options.ts';

/**
 * `medhelm export-site <dir>`: the viewer and the suite's data as a static site in <dir>
 * (per-instance data left out with --metrics-only).
 */
export async function exportSiteCommand(
  directory: string,
  options: SiteCommandOptions,
  io: CliIo,
): Promise<number> {
  const site = resolve(io.cwd, directory);
  const { index } = await writeSite(siteOptions(options, site, io));
  io.stdout.write(
    `wrote the viewer for suite ${options.suite} (${index.runs.length} runs${index.metrics_only ? ', metrics only' : ''}) to ${site}\nOpen it through any static file server (for example \`npx serve ${directory}\`), or browse it with \`medhelm serve --suite ${options.suite}\`.\n`,
  );
  return ExitCode.ok;
}
