import { resolve } from 'node:path';
import type { CliIo } from '../cli-io.ts';
import type { PluginSelection } from '../plugins/find-plugins.ts';
import { loadRunConfig, type RunConfig } from '../plugins/run-config.ts';

/** The options every command that loads plugins takes. */
export interface PluginSelectionOptions {
  /** `--config <file>`: a run config (YAML or JSON) with `plugins`, `discoverPlugins`, `scorers`. */
  config?: string;
  /** `--discover-plugins`: load the project's dependencies that carry a `medhelm` manifest. */
  discoverPlugins?: boolean;
}

/** Reads `--config` (relative to the current directory), or undefined without it. */
export function readRunConfigOption(
  options: PluginSelectionOptions,
  io: Pick<CliIo, 'cwd'>,
): RunConfig | undefined {
  return options.config === undefined ? undefined : loadRunConfig(resolve(io.cwd, options.config));
}

/** Which plugins a command loads, from its `--config` and `--discover-plugins`. */
export function pluginSelection(options: PluginSelectionOptions, io: Pick<CliIo, 'cwd'>): PluginSelection {
  const runConfig = readRunConfigOption(options, io);
  return {
    cwd: io.cwd,
    ...(runConfig === undefined ? {} : { runConfig }),
    ...(options.discoverPlugins ? { discoverPlugins: true } : {}),
  };
}
