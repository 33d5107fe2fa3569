import { readdirSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { PluginLoadError } from '@medhelm/core';
import { isDirectory, nodeModulesFolders, readPackageDirectory } from './package-files.ts';
import type { PluginCandidate } from './plugin-candidate.ts';
import { readPluginManifest } from './read-plugin-manifest.ts';
import { runnerModuleDirectory } from './runner-package.ts';

/** The package-name prefixes of first-party plugins, in the `@medhelm` scope. */
export const FIRST_PARTY_PLUGIN_PATTERN = /^(?:benchmark|provider|scorer)-/;

/**
 * The first-party set: every `@medhelm/benchmark-*`, `@medhelm/provider-*` and `@medhelm/scorer-*`
 * package that Node can resolve from the runner (the `node_modules/@medhelm` folders on its
 * resolution path, nearest first) and that carries a `medhelm` manifest. Only package.json files
 * are read: nothing is executed, and a benchmark that is not installed simply is not found.
 *
 * In the monorepo these are the runner's (dev) dependencies; in a user project, whatever the user
 * installed beside the runner (benchmarks are optional peers of the runner, providers dependencies).
 */
export function findFirstPartyPlugins(fromDirectory: string = runnerModuleDirectory()): PluginCandidate[] {
  const candidates = new Map<string, PluginCandidate>();
  for (const folder of nodeModulesFolders(fromDirectory)) {
    const scope = join(folder, '@medhelm');
    if (!isDirectory(scope)) continue;
    for (const entry of readdirSync(scope).sort()) {
      const packageName = `@medhelm/${entry}`;
      if (!FIRST_PARTY_PLUGIN_PATTERN.test(entry) || candidates.has(packageName)) continue;
      const candidate = firstPartyCandidate(packageName, join(scope, entry));
      if (candidate !== undefined) candidates.set(packageName, candidate);
    }
  }
  return [...candidates.values()].sort((a, b) => a.packageName.localeCompare(b.packageName));
}

function firstPartyCandidate(packageName: string, directory: string): PluginCandidate | undefined {
  const base = {
    packageName,
    origin: 'first-party' as const,
    foundVia: 'installed with @medhelm/runner',
    hasOptions: false,
  };
  let found: ReturnType<typeof readPackageDirectory>;
  try {
    found = readPackageDirectory(directory);
  } catch (error) {
    return { ...base, location: directory, problem: unreadable(packageName, error) };
  }
  if (found === undefined) return undefined;
  const location = realpathSync(directory);
  const version = typeof found.packageJson.version === 'string' ? found.packageJson.version : undefined;
  try {
    const manifest = readPluginManifest(packageName, found.packageJson.medhelm);
    // A @medhelm package without a manifest is a library (say, shared provider code), not a plugin.
    if (manifest === undefined) return undefined;
    return {
      ...base,
      location,
      ...(version === undefined ? {} : { version }),
      manifest,
      importSpecifier: packageName,
    };
  } catch (error) {
    return {
      ...base,
      location,
      ...(version === undefined ? {} : { version }),
      problem: PluginLoadError.isInstance(error) ? error : unreadable(packageName, error),
    };
  }
}

export function unreadable(packageName: string, error: unknown): PluginLoadError {
  return new PluginLoadError(
    packageName,
    `its package.json cannot be read: ${error instanceof Error ? error.message : String(error)}`,
    { cause: error, hint: `Reinstall ${packageName}.` },
  );
}
