import type { Command } from 'commander';
import type { CommandContext } from './command-context.ts';
import { addExamples, suiteOptions } from './command-help.ts';
import type { SummarizeCommandOptions } from './summarize-command.ts';

/** `medhelm summarize`: the suite's leaderboard. */
export function registerSummarizeCommand(program: Command, { io, setExitCode }: CommandContext): void {
  const command = suiteOptions(
    program
      .command('summarize')
      .summary("A suite's leaderboard: scores with CIs, win rates, cost")
      .description(
        "The suite's leaderboard from its run directories (ours and HELM-written): headline scores with 95% CIs, HELM's mean win rate overall and per category, cost. Writes <output-path>/summaries/<suite>/leaderboard.{json,csv,md}.",
      ),
  )
    .option(
      '--schema <file>',
      "benchmarks, headline stats and categories (YAML/JSON, ours or HELM's schema_medhelm.yaml); default: MedHELM's 37",
    )
    .option(
      '--mix-releases',
      'rank runs of different releases, or of one benchmark at different versions (opt-in variants), together; the leaderboard lists what differs',
    );
  addExamples(command, [
    { what: "the quickstart's leaderboard", command: 'medhelm summarize --suite quickstart' },
    {
      what: "a suite HELM wrote, with HELM's own schema",
      command: 'medhelm summarize --suite v1 -o helm_output --schema schema_medhelm.yaml',
    },
  ]);
  command.action(async (options: SummarizeCommandOptions) => {
    const { summarizeCommand } = await import('./summarize-command.ts');
    setExitCode(await summarizeCommand(options, io));
  });
}
