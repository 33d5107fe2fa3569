import { ACCESS_TIERS, type AccessTier, type BenchmarkV1, ConfigError, type Registry } from '@medhelm/core';
import { parseRunEntry, type RunEntry, readConfFile, VARIANT_KEY } from '@medhelm/engine';
import type { ModelsConfig } from '@medhelm/model-config';
import type { CliIo } from '../cli-io.ts';
import { parseBenchmarkOption } from './benchmark-option.ts';
import { splitList } from './option-values.ts';
import { releaseOption } from './release-option.ts';
import { type CandidateFlags, resolveModelDeploymentSettings } from './resolve-model-deployment-settings.ts';
import { CONFIGURABLE_BENCHMARK_ID, type RunCommandOptions } from './run-command-options.ts';

/**
 * Turns `--run-entries`, `--conf-paths` and benchmarks × `--models` into run entries. A `--models`
 * value (a models-file id, a built-in id, or `provider:model`) is resolved here into the deployment
 * the entry carries, with its base URL, key variable, limits and price.
 */
export function collectEntries(
  options: RunCommandOptions,
  benchmarks: Registry<BenchmarkV1>,
  config: ModelsConfig | undefined,
  flags: CandidateFlags,
  io: CliIo,
): RunEntry[] {
  const entries: RunEntry[] = [];
  for (const description of options.runEntries ?? []) entries.push(parseRunEntry(description));
  for (const path of options.confPaths ?? []) entries.push(...readConfFile(path));
  const benchmarkIds = [...splitList(options.benchmarks), ...releaseBenchmarkIds(options, benchmarks, io)];
  const configs = options.benchmarkConfig ?? [];
  const models = splitList(options.models);
  if (benchmarkIds.length > 0 || configs.length > 0 || models.length > 0) {
    if (benchmarkIds.length === 0 && configs.length === 0)
      throw new ConfigError('--models was given without --benchmarks.', {
        hint: `Known benchmarks: ${benchmarks.ids().join(', ')}.`,
      });
    if (models.length === 0) {
      throw new ConfigError(
        `${benchmarkIds.length > 0 ? '--benchmarks' : '--benchmark-config'} was given without --models.`,
        {
          hint: 'Pass --models <provider>:<model> or a deployment id. For a first try: --models baseline:first-option.',
        },
      );
    }
    const byHelmDeployment = new Map<string, string>();
    const deployments = models.map((model) => {
      const deployment = resolveModelDeploymentSettings(model, config, io.env, flags);
      const previous = byHelmDeployment.get(deployment.helmDeployment);
      if (previous !== undefined && previous !== model) {
        throw new ConfigError(
          `--models "${previous}" and "${model}" are the same deployment (${deployment.helmDeployment}); their runs would have the same name.`,
        );
      }
      byHelmDeployment.set(deployment.helmDeployment, model);
      return deployment;
    });
    const bases: RunEntry[] = [];
    for (const value of benchmarkIds) {
      const { benchmarkId, variant } = parseBenchmarkOption(value);
      // A benchmark id alone runs the MedHELM leaderboard's entries for it (e.g. EHRSHOT's subjects),
      // `<id>@<variant>` the same entries with `variant=<variant>`.
      const leaderboard = benchmarks.get(benchmarkId).leaderboardRunEntries ?? [benchmarkId];
      for (const description of leaderboard) {
        const base = parseRunEntry(description, `the ${benchmarkId} benchmark's leaderboard run entries`);
        bases.push(variant === undefined ? base : { ...base, args: [...base.args, [VARIANT_KEY, variant]] });
      }
    }
    // --benchmark-config: the user's YAML, read and checked by its benchmark's `configure` (the path
    // resolved against the working directory, like any config_path=).
    for (const config of configs) {
      bases.push({
        benchmarkId: benchmarks.get(CONFIGURABLE_BENCHMARK_ID).id,
        args: [['config_path', config]],
      });
    }
    for (const base of bases) {
      for (const deployment of deployments) {
        entries.push({
          benchmarkId: base.benchmarkId,
          args: [
            ...base.args,
            ['model', deployment.helmModel],
            ['model_deployment', deployment.helmDeployment],
          ],
          deployment,
        });
      }
    }
  }
  if (entries.length === 0) {
    throw new ConfigError('Nothing to run.', {
      hint: 'Pass --benchmarks and --models (e.g. --benchmarks pubmed_qa --models baseline:first-option), --run-entries, or --conf-paths.',
    });
  }
  return entries;
}

/**
 * `--release <name>`: the release's benchmarks that are installed, of the `--access` tiers when
 * given; each left out is said with why (not installed, another tier). Empty without `--release`.
 */
function releaseBenchmarkIds(
  options: RunCommandOptions,
  benchmarks: Registry<BenchmarkV1>,
  io: CliIo,
): string[] {
  if (options.release === undefined) {
    if (options.access !== undefined)
      throw new ConfigError('--access was given without --release.', {
        hint: 'Use --access with --release (e.g. --release v2.0.0 --access public), or name the benchmarks with --benchmarks.',
      });
    return [];
  }
  if (options.benchmarks !== undefined)
    throw new ConfigError('Use either --release or --benchmarks, not both.', {
      hint: `--release ${options.release} runs every benchmark of the release (narrow it with --access).`,
    });
  const release = releaseOption(options.release);
  const tiers = accessTiers(options.access);
  const ids: string[] = [];
  for (const { id, version } of release.benchmarks) {
    if (!benchmarks.has(id)) {
      io.stderr.write(`skipped ${id}: not installed (install its @medhelm/benchmark-* package to run it).\n`);
      continue;
    }
    const benchmark = benchmarks.get(id);
    if (!tiers.includes(benchmark.access)) continue;
    if (benchmark.version !== version) {
      io.stderr.write(
        `note: ${id} is installed at version ${benchmark.version ?? '(none)'}, ${release.name} holds version ${version}: its runs are not ${release.name} runs.\n`,
      );
    }
    ids.push(id);
  }
  if (ids.length === 0) {
    throw new ConfigError(
      `--release ${release.name}${options.access === undefined ? '' : ` --access ${options.access}`}: no installed benchmark to run.`,
    );
  }
  return ids;
}

/** `--access a,b`: the tiers asked for; all three when not given. */
function accessTiers(value: string | undefined): AccessTier[] {
  if (value === undefined) return [...ACCESS_TIERS];
  const tiers = splitList(value);
  for (const tier of tiers) {
    if (!(ACCESS_TIERS as readonly string[]).includes(tier))
      throw new ConfigError(`--access: "${tier}" is not a data tier.`, {
        hint: `Tiers: ${ACCESS_TIERS.join(', ')} (comma-separated, e.g. --access public,gated).`,
      });
  }
  return tiers as AccessTier[];
}
