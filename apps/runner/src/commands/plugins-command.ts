import {
  type BenchmarkV1,
  type ModelProviderV1,
  type NormalizerV1,
  PluginLoadError,
  Registry,
  type ScorerV1,
} from '@medhelm/core';
import type { CliIo } from '../cli-io.ts';
import { formatError } from '../output/format-error.ts';
import { textTable } from '../output/text-table.ts';
import { findPlugins } from '../plugins/find-plugins.ts';
import { importPlugin } from '../plugins/load-plugins.ts';
import type { PluginCandidate } from '../plugins/plugin-candidate.ts';
import { SUPPORTED_SPECIFICATION_VERSIONS } from '../plugins/read-plugin-manifest.ts';
import { type PluginRegistries, registeredIds, registerPlugins } from '../plugins/register-plugins.ts';
import { runnerPackageJson } from '../plugins/runner-package.ts';
import { type PluginSelectionOptions, pluginSelection } from './plugin-selection.ts';

/** One row of `medhelm plugins list`. */
export interface PluginListing {
  packageName: string;
  version: string | null;
  kind: string | null;
  specificationVersion: string | null;
  /** What it registered (by kind), or what its manifest declares when it failed to load. */
  ids: string[];
  origin: PluginCandidate['origin'];
  foundVia: string;
  location: string | null;
  status: 'ok' | 'error';
  error: string | null;
}

/**
 * `medhelm plugins list`: every plugin found, where from, its version and specification version,
 * and whether it loads. Unlike `run`, a broken plugin does not stop the listing: each failure is
 * printed below the table (naming the package and the cause) and the exit code is 2.
 */
export async function pluginsListCommand(
  options: PluginSelectionOptions & { json?: boolean; verbose?: boolean },
  io: CliIo,
): Promise<number> {
  const candidates = findPlugins(pluginSelection(options, io));
  const registries: PluginRegistries = {
    benchmarks: new Registry<BenchmarkV1>('benchmark'),
    providers: new Registry<ModelProviderV1>('provider'),
    scorers: new Registry<ScorerV1>('scorer'),
    normalizers: new Registry<NormalizerV1>('normalizer'),
  };
  const listings: PluginListing[] = [];
  const errors: PluginLoadError[] = [];
  for (const candidate of candidates) {
    const listing: PluginListing = {
      packageName: candidate.packageName,
      version: candidate.version ?? null,
      kind: candidate.manifest?.kind ?? null,
      specificationVersion: candidate.manifest?.specificationVersion ?? null,
      ids: candidate.manifest?.ids ? [...candidate.manifest.ids] : [],
      origin: candidate.origin,
      foundVia: candidate.foundVia,
      location: candidate.location ?? null,
      status: 'ok',
      error: null,
    };
    const fail = (error: PluginLoadError) => {
      listing.status = 'error';
      listing.error = error.message;
      errors.push(error);
    };
    try {
      const loaded = await importPlugin(candidate);
      await registerPlugins([loaded], registries, {
        onRegistered: (_, plugin) => {
          listing.kind = plugin.kind;
          listing.specificationVersion = plugin.specificationVersion;
          listing.ids = (['benchmark', 'provider', 'scorer', 'normalizer'] as const).flatMap((kind) =>
            registeredIds(registries, kind, candidate.packageName),
          );
        },
        onError: (_, error) => fail(error),
      });
    } catch (error) {
      fail(
        PluginLoadError.isInstance(error)
          ? error
          : new PluginLoadError(candidate.packageName, String(error), { cause: error }),
      );
    }
    listings.push(listing);
  }

  if (options.json) {
    io.stdout.write(`${JSON.stringify(listings, null, 2)}\n`);
  } else {
    const runner = runnerPackageJson();
    io.stdout.write(
      `${runner.name} ${runner.version}, plugin specification ${SUPPORTED_SPECIFICATION_VERSIONS.join(', ')}\n\n${textTable(
        ['plugin', 'version', 'kind', 'spec', 'ids', 'found via', 'status'],
        listings.map((listing) => [
          listing.packageName,
          listing.version ?? '-',
          listing.kind ?? '-',
          listing.specificationVersion ?? '-',
          listing.ids.join(', ') || '-',
          listing.foundVia,
          listing.status,
        ]),
      )}\n`,
    );
  }
  for (const error of errors) io.stderr.write(formatError(error, { verbose: options.verbose === true }));
  return errors.length > 0 ? 2 : 0;
}
