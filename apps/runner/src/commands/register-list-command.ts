import type { Command } from 'commander';
import type { CommandContext } from './command-context.ts';
import { addExamples, configOption, discoverOption } from './command-help.ts';
import type { ListCommandOptions } from './list-command.ts';

/** `medhelm list`: the installed benchmarks, narrow by default, `--wide` or `--json` for all. */
export function registerListCommand(program: Command, { io, services, setExitCode }: CommandContext): void {
  const command = program
    .command('list')
    .summary('The installed benchmarks, and what each needs')
    .description(
      'List the installed benchmarks: category, data tier, whether they need an LLM jury or data you must obtain, and what their bundled sample is.',
    )
    .option('--wide', 'every column: also subcategory, headline metric and version (wider than 120 columns)')
    .option('--json', 'print JSON (every field)')
    .option('--release <name>', "list exactly a release's benchmarks and their versions, e.g. v2.0.0")
    .addOption(configOption())
    .addOption(discoverOption());
  addExamples(command, [
    { what: 'what is installed, and what each benchmark needs', command: 'medhelm list' },
    { what: "MedHELM v2.0.0's 37 benchmarks, every column", command: 'medhelm list --release v2.0.0 --wide' },
    {
      what: 'the ids of the benchmarks that need no jury (with jq)',
      command: "medhelm list --json | jq -r '.[] | select(.needsJudges | not) | .id'",
    },
  ]);
  command.action(async (options: ListCommandOptions) => {
    const { listCommand } = await import('./list-command.ts');
    setExitCode(listCommand(await services(options), options, io));
  });
}
