import { realpathSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { PluginLoadError } from '@medhelm/core';
import { unreadable } from './find-first-party-plugins.ts';
import { type FoundPackage, findInstalledPackage, findPackageRoot, readJsonObject } from './package-files.ts';
import type { PluginCandidate } from './plugin-candidate.ts';
import { readPluginManifest } from './read-plugin-manifest.ts';
import { resolvePackageEntry } from './resolve-package-entry.ts';

/**
 * Opt-in discovery: the dependencies (and dev and optional dependencies) of the project around
 * `directory` (its nearest package.json) that are installed and carry a `medhelm` manifest in their
 * package.json. Manifests are read as JSON; no package is executed to find out whether it is a plugin.
 */
export function findProjectPlugins(directory: string, cwd: string = directory): PluginCandidate[] {
  const root = findPackageRoot(directory);
  if (root === undefined) return [];
  const manifestPath = join(root, 'package.json');
  const foundVia = `dependency in ${relative(cwd, manifestPath) || manifestPath}`;
  const projectJson = readJsonObject(manifestPath);
  const names = new Set<string>();
  for (const field of ['dependencies', 'devDependencies', 'optionalDependencies']) {
    const dependencies = projectJson[field];
    if (typeof dependencies === 'object' && dependencies !== null) {
      for (const name of Object.keys(dependencies)) names.add(name);
    }
  }
  const candidates: PluginCandidate[] = [];
  for (const name of [...names].sort()) {
    const base = { packageName: name, origin: 'project' as const, foundVia, hasOptions: false };
    let found: FoundPackage | undefined;
    try {
      found = findInstalledPackage(name, root);
    } catch (error) {
      candidates.push({ ...base, problem: unreadable(name, error) });
      continue;
    }
    if (found === undefined || found.packageJson.medhelm === undefined) continue;
    candidates.push(packageCandidate(base, found, '.'));
  }
  return candidates;
}

/** A candidate for an installed package: its manifest checked and its entry point resolved. */
export function packageCandidate(
  base: Pick<PluginCandidate, 'packageName' | 'origin' | 'foundVia' | 'hasOptions' | 'options'>,
  found: FoundPackage,
  subpath: string,
): PluginCandidate {
  const location = realpathSync(found.directory);
  const version = typeof found.packageJson.version === 'string' ? found.packageJson.version : undefined;
  const candidate: PluginCandidate = { ...base, location, ...(version === undefined ? {} : { version }) };
  try {
    const manifest = readPluginManifest(base.packageName, found.packageJson.medhelm);
    if (manifest !== undefined) candidate.manifest = manifest;
  } catch (error) {
    if (!PluginLoadError.isInstance(error)) throw error;
    candidate.problem = error;
    return candidate;
  }
  const entry = resolvePackageEntry(location, found.packageJson, subpath);
  if (entry === undefined) {
    candidate.problem = new PluginLoadError(
      base.packageName,
      `its package.json exports no "${subpath}" entry point for import (checked "exports", then "main").`,
      { hint: 'Export the plugin module under "exports" with an "import" or "default" condition.' },
    );
    return candidate;
  }
  candidate.importSpecifier = pathToFileURL(entry).href;
  return candidate;
}
