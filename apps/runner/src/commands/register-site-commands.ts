import type { Command } from 'commander';
import type { CommandContext } from './command-context.ts';
import { addExamples, suiteOptions } from './command-help.ts';
import type { ServeCommandOptions } from './serve-command.ts';
import type { SiteCommandOptions } from './site-options.ts';

/** `medhelm serve` and `medhelm export-site`: the results viewer, served or written as files. */
export function registerSiteCommands(program: Command, { io, setExitCode }: CommandContext): void {
  const serve = suiteOptions(
    program
      .command('serve')
      .summary("Browse a suite's results in the browser")
      .description(
        "Browse the suite's results in a web browser: the leaderboard, a cost-versus-score plot, benchmark and run pages, and every instance with its judges. Serves on 127.0.0.1 until Ctrl-C.",
      ),
  )
    .option('--schema <file>', 'as for summarize')
    .option('--port <n>', 'the port on 127.0.0.1 (0: any free port)', '8000')
    .option('--metrics-only', 'leave out per-instance data (prompts, completions, judge explanations)');
  addExamples(serve, [
    {
      what: "the quickstart's results at http://127.0.0.1:8000/",
      command: 'medhelm serve --suite quickstart',
    },
    { what: 'on any free port', command: 'medhelm serve --suite v1 --port 0' },
  ]);
  serve.action(async (options: ServeCommandOptions) => {
    const { serveCommand } = await import('./serve-command.ts');
    setExitCode(await serveCommand(options, io));
  });

  const exportSite = suiteOptions(
    program
      .command('export-site')
      .summary("Write a suite's results viewer as a static site")
      .description(
        "Write the suite's results viewer as a static site (any static file server can host it, or open its index.html from disk), like helm-summarize's --export-path.",
      )
      .argument('<dir>', 'the folder to write (index.html, assets/, data/)'),
  )
    .option('--schema <file>', 'as for summarize')
    .option(
      '--metrics-only',
      'publish metrics only: leave out per-instance data (prompts, completions, references, judge explanations)',
    );
  addExamples(exportSite, [
    { what: 'a static site of a suite', command: 'medhelm export-site site/ --suite quickstart' },
    {
      what: 'one to publish: the numbers without prompts or completions',
      command: 'medhelm export-site public-site/ --suite v1 --metrics-only',
    },
  ]);
  exportSite.action(async (directory: string, options: SiteCommandOptions) => {
    const { exportSiteCommand } = await import('./export-site-command.ts');
    setExitCode(await exportSiteCommand(directory, options, io));
  });
}
