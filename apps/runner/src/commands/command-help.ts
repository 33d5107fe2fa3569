import { type Command, Option } from 'commander';

/** One example under a command's help: what it does, and the command line. */
export interface HelpExample {
  what: string;
  command: string;
}

/**
 * Adds an "Examples:" section after the command's help: realistic command lines with what each
 * does, which say more to a newcomer than the list of options above them.
 */
export function addExamples(command: Command, examples: readonly HelpExample[]): Command {
  const text = examples.map(({ what, command: line }) => `  # ${what}\n  ${line}`).join('\n\n');
  return command.addHelpText('after', `\nExamples:\n${text}\n`);
}

/** Repeatable options collect their values. */
export const collect = (value: string, previous: string[] = []) => [...previous, value];

/** `--config <file>`: the run config, for every command that loads plugins. */
export function configOption(): Option {
  return new Option(
    '--config <file>',
    'a run config (YAML or JSON): plugins to load, discoverPlugins, extra scorers per benchmark',
  );
}

/** `--discover-plugins`: load the project's medhelm dependencies too. */
export function discoverOption(): Option {
  return new Option(
    '--discover-plugins',
    "also load the project's dependencies whose package.json has a medhelm manifest",
  );
}

/** `--suite` and `-o, --output-path`: where a suite's runs are, as every results command reads them. */
export function suiteOptions(command: Command): Command {
  return command
    .option('--suite <name>', 'the suite: runs are read from <output-path>/runs/<suite>/', 'latest')
    .option('-o, --output-path <dir>', 'output folder', 'benchmark_output');
}
