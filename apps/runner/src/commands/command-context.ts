import type { CliIo } from '../cli-io.ts';
import type { RunnerServices } from '../composition-root.ts';
import type { NeededPlugins } from '../plugins/select-needed-plugins.ts';
import type { PluginSelectionOptions } from './plugin-selection.ts';

/**
 * What a command's registration needs from `main`: the process, the runner's services (plugins
 * loaded on demand, so `medhelm --help` loads none) and where to put the exit code. Registrations
 * import only commander and types; each imports its command's module when the command runs.
 */
export interface CommandContext {
  io: CliIo;
  services: (selection?: PluginSelectionOptions, needed?: NeededPlugins) => Promise<RunnerServices>;
  setExitCode: (exitCode: number) => void;
}
