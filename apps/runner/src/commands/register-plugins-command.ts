import type { Command } from 'commander';
import type { CommandContext } from './command-context.ts';
import { addExamples, configOption, discoverOption } from './command-help.ts';
import type { PluginSelectionOptions } from './plugin-selection.ts';

/** `medhelm plugins list`: the plugins this runner finds. */
export function registerPluginsCommand(program: Command, { io, setExitCode }: CommandContext): void {
  const plugins = program
    .command('plugins')
    .summary('Inspect the plugins this runner finds')
    .description('Inspect the plugins this runner finds.');
  plugins.commandsGroup('Commands:');
  const list = plugins
    .command('list')
    .description(
      'List the plugins found (run config, first-party, project), with versions, specification versions and load errors.',
    )
    .option('--json', 'print JSON')
    .addOption(configOption())
    .addOption(discoverOption());
  addExamples(list, [
    { what: 'the first-party plugins installed with the runner', command: 'medhelm plugins list' },
    {
      what: "with a run config's plugins and the project's own",
      command: 'medhelm plugins list --config medhelm.config.yaml --discover-plugins',
    },
  ]);
  list.action(async (_options: PluginSelectionOptions & { json?: boolean }, command: Command) => {
    const { pluginsListCommand } = await import('./plugins-command.ts');
    // With the global --verbose: each plugin's load error is printed with its causes.
    setExitCode(await pluginsListCommand(command.optsWithGlobals(), io));
  });
}
