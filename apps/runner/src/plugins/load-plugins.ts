import { PluginLoadError, type PluginManifest } from '@medhelm/core';
import type { PluginCandidate } from './plugin-candidate.ts';

/** A plugin module, imported: what `registerPlugins` validates and registers. */
export interface LoadedPlugin {
  packageName: string;
  /** The module namespace (or any object holding a `plugin` export). */
  exports: unknown;
  /** The run config's options for it, passed to its `createPlugin(options)`. */
  options?: unknown;
  hasOptions?: boolean;
  /** Its package.json manifest, checked against what it registers. */
  manifest?: PluginManifest;
  /** Its package folder, when it is a package (for the versions provenance records). */
  location?: string;
}

/** Imports one candidate; a problem found earlier or a failing import is a PluginLoadError naming it. */
export async function importPlugin(candidate: PluginCandidate): Promise<LoadedPlugin> {
  if (candidate.problem !== undefined) throw candidate.problem;
  if (candidate.importSpecifier === undefined) {
    throw new PluginLoadError(candidate.packageName, 'has no module to import.');
  }
  let moduleExports: unknown;
  try {
    moduleExports = await import(/* @vite-ignore */ candidate.importSpecifier);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new PluginLoadError(candidate.packageName, `could not be imported: ${message}`, {
      cause: error,
      hint:
        candidate.location === undefined
          ? `Reinstall ${candidate.packageName}.`
          : `Check that ${candidate.location} is built and its dependencies are installed.`,
    });
  }
  return {
    packageName: candidate.packageName,
    exports: moduleExports,
    hasOptions: candidate.hasOptions,
    ...(candidate.hasOptions ? { options: candidate.options } : {}),
    ...(candidate.manifest === undefined ? {} : { manifest: candidate.manifest }),
    ...(candidate.location === undefined ? {} : { location: candidate.location }),
  };
}

/** Imports every candidate in order; the first failure is thrown. */
export async function loadPlugins(candidates: readonly PluginCandidate[]): Promise<LoadedPlugin[]> {
  const loaded: LoadedPlugin[] = [];
  for (const candidate of candidates) loaded.push(await importPlugin(candidate));
  return loaded;
}
