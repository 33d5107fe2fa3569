import { realpathSync } from 'node:fs';
import { findInstalledPackage, readPackageDirectory } from './package-files.ts';

/**
 * The versions of the packages an invocation runs: the packages in `directories` (the runner and
 * each loaded plugin) and every `@medhelm/*` package they depend on, transitively, as installed
 * (each resolved as Node resolves it from its dependent). Read from package.json files only.
 */
export function installedPackageVersions(directories: readonly string[]): Map<string, string> {
  const versions = new Map<string, string>();
  const visited = new Set<string>();
  const queue = [...directories];
  while (queue.length > 0) {
    const directory = realpathOf(queue.shift() as string);
    if (visited.has(directory)) continue;
    visited.add(directory);
    const packageJson = readPackageDirectory(directory)?.packageJson;
    if (packageJson === undefined || typeof packageJson.name !== 'string') continue;
    versions.set(packageJson.name, typeof packageJson.version === 'string' ? packageJson.version : 'unknown');
    for (const field of [packageJson.dependencies, packageJson.optionalDependencies]) {
      for (const name of Object.keys(isRecord(field) ? field : {})) {
        if (!name.startsWith('@medhelm/') || versions.has(name)) continue;
        const found = findInstalledPackage(name, directory);
        if (found !== undefined) queue.push(found.directory);
      }
    }
  }
  return versions;
}

function realpathOf(directory: string): string {
  try {
    return realpathSync(directory);
  } catch {
    return directory;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
