import { cpSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError } from '@medhelm/core';
import { type SiteDataWritten, type WriteSiteDataOptions, writeSiteData } from './write-site-data.ts';

/** Options of {@link writeSite}. */
export interface WriteSiteOptions extends WriteSiteDataOptions {
  /** The built viewer (index.html and assets/), copied into the site folder. */
  viewerDirectory: string;
}

/**
 * Writes a static site for a suite into `site`: the built viewer's files and its data (see
 * {@link writeSiteData}). Any static file server can host the folder, or it opens from disk
 * (file://); the viewer routes with the URL hash, so no server rewrite rules are needed.
 */
export async function writeSite(options: WriteSiteOptions): Promise<SiteDataWritten> {
  if (!existsSync(join(options.viewerDirectory, 'index.html'))) {
    throw new ConfigError(`The viewer is not built: ${options.viewerDirectory} has no index.html.`, {
      hint: 'In a clone of the repository, run `pnpm build` first; an installed @medhelm/runner ships the built viewer.',
    });
  }
  mkdirSync(options.site, { recursive: true });
  cpSync(options.viewerDirectory, options.site, { recursive: true });
  return writeSiteData(options);
}
