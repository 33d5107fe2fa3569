import { findConfiguredPlugins } from './find-configured-plugins.ts';
import { findFirstPartyPlugins } from './find-first-party-plugins.ts';
import { findProjectPlugins } from './find-project-plugins.ts';
import type { PluginCandidate, PluginOrigin } from './plugin-candidate.ts';
import type { RunConfig } from './run-config.ts';
import { type NeededPlugins, selectNeededPlugins } from './select-needed-plugins.ts';

/** Which plugins to look for. */
export interface PluginSelection {
  /** The run config (`--config`): its `plugins` list, and `discoverPlugins`. */
  runConfig?: RunConfig;
  /** Discover the project's dependencies with a `medhelm` manifest (`--discover-plugins`). */
  discoverPlugins?: boolean;
  /** The current directory: the project, when there is no run config. */
  cwd: string;
  /** Where first-party plugins are resolved from (default: the runner's own folder). */
  runnerDirectory?: string;
  /** Only the first-party plugins providing these ids (see `selectNeededPlugins`); default all. */
  needed?: NeededPlugins;
}

// A package found twice is loaded once, from the most explicit place that names it.
const precedence: Record<PluginOrigin, number> = { config: 0, 'first-party': 1, project: 2 };
// Registration order: the runner's own first, so a duplicate id names the third party second.
const registrationOrder: Record<PluginOrigin, number> = { 'first-party': 0, project: 1, config: 2 };

/**
 * Every plugin to load, found by reading files only: (1) the run config's `plugins`, (2) the
 * first-party set resolvable from the runner, (3) with `discoverPlugins`, the project's
 * dependencies that carry a `medhelm` manifest. Candidates keep their problems (bad manifest, not
 * installed) for `loadPlugins` to throw or `medhelm plugins list` to show.
 */
export function findPlugins(selection: PluginSelection): PluginCandidate[] {
  const { runConfig, cwd } = selection;
  const found = [
    ...(runConfig === undefined ? [] : findConfiguredPlugins(runConfig, cwd)),
    ...(selection.runnerDirectory === undefined
      ? findFirstPartyPlugins()
      : findFirstPartyPlugins(selection.runnerDirectory)),
    ...(selection.discoverPlugins || runConfig?.discoverPlugins
      ? findProjectPlugins(runConfig?.directory ?? cwd, cwd)
      : []),
  ];
  const chosen = new Map<string, PluginCandidate>();
  for (const candidate of found) {
    const previous = chosen.get(candidate.packageName);
    if (previous === undefined || precedence[candidate.origin] < precedence[previous.origin]) {
      chosen.set(candidate.packageName, candidate);
    }
  }
  const sorted = [...chosen.values()].sort(
    (a, b) =>
      registrationOrder[a.origin] - registrationOrder[b.origin] || a.packageName.localeCompare(b.packageName),
  );
  return selection.needed === undefined ? sorted : selectNeededPlugins(sorted, selection.needed);
}
