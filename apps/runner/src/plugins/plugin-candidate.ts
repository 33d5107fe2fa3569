import type { PluginLoadError, PluginManifest } from '@medhelm/core';

/**
 * Where a plugin was found, in the order the runner looks: `config` (a run config's `plugins`
 * list), `first-party` (a `@medhelm/benchmark-*`, `provider-*` or `scorer-*` package resolvable from
 * the runner), `project` (opt-in discovery of the project's dependencies with a `medhelm` manifest).
 */
export type PluginOrigin = 'config' | 'first-party' | 'project';

/** A plugin found but not yet executed: everything here comes from reading files. */
export interface PluginCandidate {
  /** The package name; for a file given in a run config, the path as written there. */
  packageName: string;
  origin: PluginOrigin;
  /** What found it: the run config file, the runner's folder, or the project's package.json. */
  foundVia: string;
  /** The package folder (or, for a file, the file). */
  location?: string;
  version?: string;
  /** The package.json `medhelm` manifest, when the package has one. */
  manifest?: PluginManifest;
  /**
   * What `import()` gets: a bare package name for first-party plugins (resolved from the runner,
   * so development conditions apply), a file URL otherwise.
   */
  importSpecifier?: string;
  /** `[specifier, options]` entries of a run config: passed to the module's `createPlugin(options)`. */
  options?: unknown;
  hasOptions: boolean;
  /** Why it cannot be loaded, found before executing anything (bad manifest, not installed). */
  problem?: PluginLoadError;
}
