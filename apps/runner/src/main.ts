import { Command, CommanderError, Help } from 'commander';
import { type CliIo, ExitCode } from './cli-io.ts';
import type { CommandContext } from './commands/command-context.ts';
import { addExamples } from './commands/command-help.ts';
import { registerCompareCommand } from './commands/register-compare-command.ts';
import { registerConformanceCommand } from './commands/register-conformance-command.ts';
import { registerListCommand } from './commands/register-list-command.ts';
import { registerPluginsCommand } from './commands/register-plugins-command.ts';
import { registerRedactCommand } from './commands/register-redact-command.ts';
import { registerRescoreCommand } from './commands/register-rescore-command.ts';
import { registerRunCommand } from './commands/register-run-command.ts';
import { registerSiteCommands } from './commands/register-site-commands.ts';
import { registerSummarizeCommand } from './commands/register-summarize-command.ts';
import { registerVerifyCommand } from './commands/register-verify-command.ts';
import { registerWorkerCommand } from './commands/register-worker-command.ts';
import { runnerPackageJson } from './plugins/runner-package.ts';

/** Runs the `medhelm` command line with `argv` (without the node and script paths). */
export async function main(argv: readonly string[], cliIo: CliIo): Promise<number> {
  const io: CliIo = { ...cliIo, argv };
  let exitCode: number = ExitCode.ok;
  const context: CommandContext = {
    io,
    // Plugins: the run config's list (--config), the first-party set resolvable from the runner,
    // and with --discover-plugins (or discoverPlugins in the config) the project's medhelm
    // dependencies. Commands and plugins are imported when a command runs, so `medhelm --help`
    // starts at once.
    services: async (selection = {}, needed) => {
      const [{ createRunnerServices }, { pluginSelection }, { findPlugins }, { loadPlugins }] =
        await Promise.all([
          import('./composition-root.ts'),
          import('./commands/plugin-selection.ts'),
          import('./plugins/find-plugins.ts'),
          import('./plugins/load-plugins.ts'),
        ]);
      return createRunnerServices(
        {
          env: io.env,
          clock: { now: () => new Date() },
          logger: {
            info: (message) => io.stderr.write(`${message}\n`),
            warn: (message) => io.stderr.write(`warning: ${message}\n`),
          },
        },
        await loadPlugins(
          findPlugins({ ...pluginSelection(selection, io), ...(needed === undefined ? {} : { needed }) }),
        ),
      );
    },
    setExitCode: (code) => {
      exitCode = code;
    },
  };

  const program = new Command('medhelm')
    .description('Evaluate LLMs on MedHELM medical benchmarks, scored exactly as HELM scores them.')
    .version(runnerPackageJson().version, '-V, --version', "print the runner's version")
    .option('--verbose', 'on an error, print its causes and where it happened, not only what to do')
    .configureHelp({
      // The global options (--verbose) are listed in every command's help too.
      showGlobalOptions: true,
      // Every command has options: "[options]" in the list of commands only pushes the
      // descriptions so far right that they no longer wrap in an 80-column terminal.
      subcommandTerm: (command) => new Help().subcommandTerm(command).replace(' [options]', ''),
    })
    // A mistyped command or option: commander's one line, then where the right ones are.
    .showHelpAfterError(
      '(medhelm <command> --help lists its options, with examples; medhelm --help the commands)',
    )
    .exitOverride()
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
    });

  // The commands, grouped in `medhelm --help` by what a user is doing.
  program.commandsGroup('Evaluate:');
  registerRunCommand(program, context);
  registerListCommand(program, context);
  registerWorkerCommand(program, context);
  program.commandsGroup('Results:');
  registerSummarizeCommand(program, context);
  registerCompareCommand(program, context);
  registerRescoreCommand(program, context);
  registerSiteCommands(program, context);
  program.commandsGroup('Check and share:');
  registerVerifyCommand(program, context);
  registerRedactCommand(program, context);
  registerConformanceCommand(program, context);
  program.commandsGroup('Plugins:');
  registerPluginsCommand(program, context);
  program.commandsGroup('Help:').helpCommand('help [command]', 'Show the help of a command');
  addExamples(program, [
    {
      what: 'first try, no key needed: two benchmarks on their bundled samples with the baseline model',
      command: 'medhelm run --benchmarks pubmed_qa,medcalc_bench --models baseline:first-option --sample',
    },
    { what: 'what is installed, and what each benchmark needs', command: 'medhelm list' },
    {
      what: 'the leaderboard of a suite, then its results in the browser',
      command: 'medhelm summarize --suite latest && medhelm serve --suite latest',
    },
    { what: 'each command has its own help, with examples', command: 'medhelm run --help' },
  ]);

  try {
    await program.parseAsync([...argv], { from: 'user' });
    return exitCode;
  } catch (error) {
    if (error instanceof CommanderError) {
      return error.exitCode === 0 ? ExitCode.ok : ExitCode.error;
    }
    // Imported here: it reads @medhelm/core (and zod), which `medhelm --help` never needs.
    const { formatError } = await import('./output/format-error.ts');
    io.stderr.write(formatError(error, { verbose: program.opts<{ verbose?: boolean }>().verbose === true }));
    return ExitCode.error;
  }
}
