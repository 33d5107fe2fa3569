import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readPackageDirectory } from './package-files.ts';

// Only node:fs and node:path behind these: `medhelm --version` and `--help` read the runner's
// package.json without loading @medhelm/core (zod) or any plugin.

/** The folder of this module: first-party plugins are the ones resolvable from here. */
export function runnerModuleDirectory(): string {
  return dirname(fileURLToPath(import.meta.url));
}

/** The runner's package folder (where its package.json is), found upward from this module. */
export function runnerPackageDirectory(): string | undefined {
  let directory = runnerModuleDirectory();
  for (;;) {
    if (readPackageDirectory(directory)?.packageJson.name === '@medhelm/runner') return directory;
    const parent = dirname(directory);
    if (parent === directory) return undefined;
    directory = parent;
  }
}

/** The runner's own package.json (name and version), found upward from this module. */
export function runnerPackageJson(): { name: string; version: string } {
  const directory = runnerPackageDirectory();
  const found = directory === undefined ? undefined : readPackageDirectory(directory);
  return {
    name: '@medhelm/runner',
    version: found === undefined ? 'unknown' : String(found.packageJson.version),
  };
}
