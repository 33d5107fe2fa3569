import { NoSuchEntityError } from '@medhelm/core';
import type { CliIo } from '../cli-io.ts';
import { type PluginSelectionOptions, readRunConfigOption } from '../commands/plugin-selection.ts';
import { findProjectPlugins } from './find-project-plugins.ts';
import { FIRST_PARTY_BENCHMARK_PACKAGES } from './first-party-benchmark-packages.ts';

/** A NoSuchEntityError (same message, kind and ids) whose hint says what would provide the id. */
class UnknownPluginIdError extends NoSuchEntityError {
  override readonly hint: string;

  constructor(error: NoSuchEntityError, hint: string) {
    super(error.kind, error.id, error.knownIds);
    this.hint = hint;
  }
}

/**
 * Adds to an unknown-id error (`NoSuchEntityError`) what would provide the id: the package to
 * install for a first-party benchmark that is not installed, or `--discover-plugins` when a
 * dependency of the project carries a `medhelm` manifest with the id but discovery was off. Any
 * other error, or an id nothing installed provides, is returned as it is.
 */
export function explainUnknownId(
  error: unknown,
  options: PluginSelectionOptions,
  io: Pick<CliIo, 'cwd'>,
): unknown {
  if (!NoSuchEntityError.isInstance(error)) return error;
  const { kind, id } = error;
  const firstParty = kind === 'benchmark' ? FIRST_PARTY_BENCHMARK_PACKAGES[id] : undefined;
  if (firstParty !== undefined) {
    return new UnknownPluginIdError(
      error,
      `"${id}" is a first-party MedHELM benchmark that is not installed: npm install ${firstParty} (before the packages are on the npm registry, install its tarball from pnpm pack-all; see the README's Install section).`,
    );
  }
  let runConfig: ReturnType<typeof readRunConfigOption>;
  try {
    runConfig = readRunConfigOption(options, io);
  } catch {
    return error;
  }
  if (options.discoverPlugins || runConfig?.discoverPlugins) return error;
  const provider = findProjectPlugins(runConfig?.directory ?? io.cwd, io.cwd).find(
    (candidate) => candidate.manifest?.kind === kind && candidate.manifest.ids.includes(id),
  );
  if (provider === undefined) return error;
  return new UnknownPluginIdError(
    error,
    `${provider.packageName} (${provider.foundVia}) provides the ${kind} "${id}" but was not loaded: pass --discover-plugins, set discoverPlugins: true in the run config, or list it under its plugins.`,
  );
}
