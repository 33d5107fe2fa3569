import {
  type BenchmarkV1,
  type MedHelmPluginV1,
  type ModelProviderV1,
  type NormalizerV1,
  type PluginContextV1,
  type PluginContributionKind,
  type PluginKind,
  PluginLoadError,
  pluginContributionProblems,
  type Registry,
  type ScorerV1,
} from '@medhelm/core';
import type { LoadedPlugin } from './load-plugins.ts';
import { registerPlugin } from './register-plugin.ts';

/** The registries plugins add to. */
export interface PluginRegistries {
  benchmarks: Registry<BenchmarkV1>;
  providers: Registry<ModelProviderV1>;
  scorers: Registry<ScorerV1>;
  normalizers: Registry<NormalizerV1>;
}

/**
 * Registers each plugin with a context that records it as the source of what it adds, then checks
 * it against its package.json manifest (same kind; every id the manifest lists registered).
 * Failures throw, unless `onError` takes them (`medhelm plugins list` shows them all).
 */
export async function registerPlugins(
  plugins: readonly LoadedPlugin[],
  registries: PluginRegistries,
  callbacks: {
    onRegistered?: (plugin: LoadedPlugin, exported: MedHelmPluginV1) => void;
    onError?: (plugin: LoadedPlugin, error: PluginLoadError) => void;
  } = {},
): Promise<void> {
  for (const loaded of plugins) {
    try {
      // Not inside `onRegistered?.(...)`: optional chaining would skip evaluating the registration.
      const exported = await registerOne(loaded, registries);
      callbacks.onRegistered?.(loaded, exported);
    } catch (error) {
      if (callbacks.onError === undefined || !PluginLoadError.isInstance(error)) throw error;
      callbacks.onError(loaded, error);
    }
  }
}

async function registerOne(loaded: LoadedPlugin, registries: PluginRegistries): Promise<MedHelmPluginV1> {
  const { packageName, manifest } = loaded;
  const context: PluginContextV1 = {
    registerBenchmark: (benchmark) =>
      registries.benchmarks.register(wellFormed(packageName, 'benchmark', benchmark), packageName),
    registerProvider: (provider) =>
      registries.providers.register(wellFormed(packageName, 'provider', provider), packageName),
    registerScorer: (scorer) =>
      registries.scorers.register(wellFormed(packageName, 'scorer', scorer), packageName),
    registerNormalizer: (normalizer) =>
      registries.normalizers.register(wellFormed(packageName, 'normalizer', normalizer), packageName),
  };
  const plugin = await registerPlugin(packageName, loaded.exports, context, {
    options: loaded.options,
    hasOptions: loaded.hasOptions ?? false,
  });
  if (manifest === undefined) return plugin;
  if (plugin.kind !== manifest.kind) {
    throw new PluginLoadError(
      packageName,
      `its package.json manifest says kind "${manifest.kind}", but its plugin export is a "${plugin.kind}" plugin.`,
      { hint: 'Make the "medhelm" field of package.json match the plugin.' },
    );
  }
  const registered = registeredIds(registries, manifest.kind, packageName);
  const missing = manifest.ids.filter((id) => !registered.includes(id));
  if (missing.length > 0) {
    throw new PluginLoadError(
      packageName,
      `its package.json manifest lists ${manifest.kind} id(s) ${missing.map((id) => `"${id}"`).join(', ')} that register() did not register (it registered: ${registered.join(', ') || 'none'}).`,
      { hint: 'Make the "ids" of the "medhelm" field of package.json match what the plugin registers.' },
    );
  }
  return plugin;
}

/** The ids of `kind` that `packageName` registered. */
export function registeredIds(registries: PluginRegistries, kind: PluginKind, packageName: string): string[] {
  const registry = registryOf(registries, kind);
  return registry.ids().filter((id) => registry.sourceOf(id) === packageName);
}

function registryOf(registries: PluginRegistries, kind: PluginKind): Registry<{ readonly id: string }> {
  switch (kind) {
    case 'benchmark':
      return registries.benchmarks;
    case 'provider':
      return registries.providers;
    case 'scorer':
      return registries.scorers;
    case 'normalizer':
      return registries.normalizers;
  }
}

/** `value`, once it has every field its kind requires; else a PluginLoadError naming each problem. */
function wellFormed<T>(packageName: string, kind: PluginContributionKind, value: T): T {
  const problems = pluginContributionProblems(kind, value);
  if (problems.length === 0) return value;
  const id = (value as { id?: unknown } | undefined)?.id;
  throw new PluginLoadError(
    packageName,
    `its ${kind}${typeof id === 'string' ? ` "${id}"` : ''} is malformed: ${problems.join('; ')}.`,
    {
      hint: `See the ${kind} contract in docs/writing-plugins.md; @medhelm/core's define${kind[0]?.toUpperCase()}${kind.slice(1)}() and the benchmark recipes fill most fields.`,
    },
  );
}
