import type { Command } from 'commander';
import { addBatchOptions } from './batch-options.ts';
import type { CommandContext } from './command-context.ts';
import { addExamples, configOption, discoverOption } from './command-help.ts';
import {
  addRunDataOptions,
  addRunDistributedOptions,
  addRunLimitOptions,
  addRunModelOptions,
  addRunOutputOptions,
  addRunSelectionOptions,
  RUN_EXAMPLES,
} from './run-command-option-groups.ts';
import type { RunCommandOptions } from './run-command-options.ts';

/**
 * `medhelm run`, its ~30 options in groups (what to run, data, models and judges, limits and cost,
 * batch APIs, output, distributed, plugins) so a newcomer finds the three they need, and examples.
 */
export function registerRunCommand(program: Command, { io, services, setExitCode }: CommandContext): void {
  const command = program
    .command('run')
    .summary('Run benchmarks against models; writes HELM run directories')
    .description('Run benchmarks against models and write HELM-compatible run directories.');

  addRunSelectionOptions(command);
  addRunDataOptions(command);
  addRunModelOptions(command);
  addRunLimitOptions(command);
  addBatchOptions(command, 'models and judges');
  addRunOutputOptions(command);
  addRunDistributedOptions(command);
  command.optionsGroup('Plugins:').addOption(configOption()).addOption(discoverOption());

  addExamples(command, RUN_EXAMPLES);

  command.action(async (options: RunCommandOptions) => {
    const [{ neededPluginsForRun }, { runCommand }] = await Promise.all([
      import('./needed-plugins-for-run.ts'),
      import('./run-command.ts'),
    ]);
    try {
      setExitCode(await runCommand(await services(options, neededPluginsForRun(options, io)), options, io));
    } catch (error) {
      // An unknown id: say which package provides it, when one is known or installed.
      const { explainUnknownId } = await import('../plugins/explain-unknown-id.ts');
      throw explainUnknownId(error, options, io);
    }
  });
}
