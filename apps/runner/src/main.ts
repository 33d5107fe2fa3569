import { Command, CommanderError, Option } from 'commander';
import { type CliIo, ExitCode } from './cli-io.ts';
import type { CompareCommandOptions } from './commands/compare-command.ts';
import type { PluginSelectionOptions } from './commands/plugin-selection.ts';
import type { RunCommandOptions } from './commands/run-command.ts';
import type { ServeCommandOptions } from './commands/serve-command.ts';
import type { SiteCommandOptions } from './commands/site-options.ts';
import type { SummarizeCommandOptions } from './commands/summarize-command.ts';
import type { WorkerCommandOptions } from './commands/worker-command.ts';
import type { RunnerServices } from './composition-root.ts';
import type { NeededPlugins } from './plugins/select-needed-plugins.ts';

const collect = (value: string, previous: string[] = []) => [...previous, value];

/** Runs the `medhelm` command line with `argv` (without the node and script paths). */
export async function main(argv: readonly string[], cliIo: CliIo): Promise<number> {
  const io: CliIo = { ...cliIo, argv };
  let exitCode: number = ExitCode.ok;
  // Plugins: the run config's list (--config), the first-party set resolvable from the runner, and
  // with --discover-plugins (or discoverPlugins in the config) the project's medhelm dependencies.
  // Commands and plugins are imported when a command runs, so `medhelm --help` starts at once.
  const services = async (
    selection: PluginSelectionOptions = {},
    needed?: NeededPlugins,
  ): Promise<RunnerServices> => {
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
  };
  const configOption = () =>
    new Option(
      '--config <file>',
      'a run config (YAML or JSON): plugins to load, discoverPlugins, extra scorers per benchmark',
    );
  const discoverOption = () =>
    new Option(
      '--discover-plugins',
      "also load the project's dependencies whose package.json has a medhelm manifest",
    );

  const program = new Command('medhelm')
    .description('Evaluate LLMs on MedHELM medical benchmarks, scored exactly as HELM scores them.')
    .exitOverride()
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
    });

  program
    .command('run')
    .description('Run benchmarks against models and write HELM-compatible run directories.')
    .option(
      '--benchmarks <ids>',
      'comma-separated benchmark ids (see `medhelm list`); <id>@<variant> runs an opt-in variant',
    )
    .option(
      '--release <name>',
      "run a release's benchmarks (e.g. v2.0.0: the 37 at HELM 63754d05), judged by its jury unless judges are given; runs without their data are skipped, each said",
    )
    .option(
      '--access <tiers>',
      'with --release: only benchmarks of these data tiers, e.g. public or gated,private',
    )
    .option(
      '--models <models>',
      'comma-separated deployment ids (from --models-file or built in, e.g. gpt-4o) or <provider>:<model>, e.g. baseline:first-option',
    )
    .option('--models-file <path>', 'a models file (YAML or JSON) defining deployment ids for --models')
    .option(
      '--run-entries <entry>',
      'a HELM run entry, e.g. "pubmed_qa:model=openai:gpt-4o" (repeatable)',
      collect,
    )
    .option('--conf-paths <file>', 'a HELM run-entries conf file (repeatable)', collect)
    .option(
      '--benchmark-config <yaml>',
      'a benchmark of your own (HELM medhelm_configurable_benchmark YAML), run with --models: short for --run-entries medhelm_configurable_benchmark:config_path=<yaml> (repeatable)',
      collect,
    )
    .option('--suite <name>', 'suite name: runs go to <output-path>/runs/<suite>/', 'latest')
    .option('--max-eval-instances <n>', 'evaluate at most n instances per run, downsampled exactly as HELM')
    .option('-o, --output-path <dir>', 'output folder', 'benchmark_output')
    .option(
      '--data-dir <dir>',
      'read dataset files from this folder (<dir>/<file> or <dir>/<benchmark>/<file>)',
    )
    .option(
      '--sample',
      'use the small sample bundled with each benchmark package (real upstream rows for some, invented fixtures for others: `medhelm list` says which)',
    )
    .option(
      '--concurrency <n>',
      "model calls in flight at once (default: the deployment's limits.concurrency, else 4)",
    )
    .option(
      '--max-retries <n>',
      'retries of a failed model call (429, 5xx, network), with backoff honouring Retry-After',
      '5',
    )
    .option('--timeout <seconds>', 'how long one model call may take before it is retried', '600')
    .option(
      '--base-url <url>',
      'API base URL of the --models candidates (not the judges: give theirs in a models file), e.g. http://127.0.0.1:8000/v1 for a local vLLM server; openai-compatible models need one',
    )
    .option(
      '--api-key-env <name>',
      "environment variable that holds the --models candidates' API key (default: the provider's, e.g. OPENAI_API_KEY)",
    )
    .addOption(new Option('--no-cache', 'do not read or write the request cache'))
    .option(
      '--estimate',
      'print instances, estimated tokens and maximum cost per run, and exit without calling a model',
    )
    .option(
      '--max-cost <usd>',
      'stop before a model call that could take the spend of this invocation over <usd> (exit code 3)',
    )
    .option(
      '--judges <name=model,...>',
      'the LLM jury for open-ended benchmarks, e.g. gpt=gpt-4o,llama=llama-3.3-70b-instruct,claude=claude-3-7-sonnet (none: jury skipped)',
    )
    .option(
      '--max-invalid-judge-replies <share>',
      "fail a run (exit 1) when more than this share of its judges' replies cannot be used (HELM scores those instances with its default); 0 to 1",
      '0.1',
    )
    .option(
      '--allow-external-data',
      'let gated and private benchmark data reach deployments not marked local: true or trusted: true in the models file',
    )
    .option(
      '--redact',
      'write run directories without inputs, references, completions or judge explanations (stats kept)',
    )
    .option(
      '--executor <name>',
      'where instances execute: in-process (default) or bullmq (batches on a Redis queue, run by `medhelm worker` processes on any machines)',
    )
    .option('--redis-url <url>', 'the Redis of --executor bullmq, e.g. redis://127.0.0.1:6379')
    .option('--queue <name>', 'the BullMQ queue of --executor bullmq (default medhelm-batches)')
    .option('--batch-size <n>', 'instances per batch with --executor bullmq (default 50)')
    .option(
      '--worker-timeout <seconds>',
      'with --executor bullmq, give up after this long without any batch starting, progressing or finishing (default 600)',
    )
    .addOption(configOption())
    .addOption(discoverOption())
    .action(async (options: RunCommandOptions) => {
      const { neededPluginsForRun, runCommand } = await import('./commands/run-command.ts');
      try {
        exitCode = await runCommand(await services(options, neededPluginsForRun(options, io)), options, io);
      } catch (error) {
        // An unknown id: say which package provides it, when one is known or installed.
        const { explainUnknownId } = await import('./plugins/explain-unknown-id.ts');
        throw explainUnknownId(error, options, io);
      }
    });

  program
    .command('worker')
    .description(
      'Run batches of `medhelm run --executor bullmq` invocations from a Redis queue (start any number, on any machines).',
    )
    .requiredOption(
      '--redis-url <url>',
      'the Redis the coordinator queues batches in, e.g. redis://127.0.0.1:6379',
    )
    .option('--queue <name>', 'the BullMQ queue (default medhelm-batches)')
    .option('--jobs <n>', 'batches this worker runs at once (default 2)')
    .option(
      '-o, --output-path <dir>',
      "the shared output folder (its cache/medhelm.sqlite holds the checkpoints and request cache); default: the coordinator's",
    )
    .action(async (options: WorkerCommandOptions) => {
      const { workerCommand } = await import('./commands/worker-command.ts');
      exitCode = await workerCommand(options, io, services);
    });

  program
    .command('conformance')
    .description("Check this installation against conformance vectors made by running HELM's own code.")
    .argument(
      '<vectors-dir>',
      'a folder in the format of shared/conformance (<family>.jsonl files, prompts/)',
    )
    .option('--data-root <dir>', 'upstream data, one folder per benchmark, for the prompt vectors')
    .action(async (vectorsDirectory: string, options: { dataRoot?: string }) => {
      const { conformanceCommand } = await import('./commands/conformance-command.ts');
      exitCode = await conformanceCommand(await services(), vectorsDirectory, options, io);
    });

  program
    .command('list')
    .description('List the installed benchmarks.')
    .option('--json', 'print JSON')
    .option('--release <name>', "list exactly a release's benchmarks and their versions, e.g. v2.0.0")
    .addOption(configOption())
    .addOption(discoverOption())
    .action(async (options: PluginSelectionOptions & { json?: boolean; release?: string }) => {
      const { listCommand } = await import('./commands/list-command.ts');
      exitCode = listCommand(await services(options), options, io);
    });

  program
    .command('redact')
    .description(
      'Copy run directories without patient text: inputs, references, prompts, completions and judge explanations replaced, every stat kept.',
    )
    .argument(
      '<run-dir>',
      'a run directory (<output-path>/runs/<suite>/<run name>) or a suite folder of them',
    )
    .argument('<out-dir>', 'where the redacted copy goes (the same layout)')
    .action(async (source: string, target: string) => {
      const { redactCommand } = await import('./commands/redact-command.ts');
      exitCode = await redactCommand(source, target, io);
    });

  program
    .command('summarize')
    .description(
      "The suite's leaderboard from its run directories (ours and HELM-written): headline scores with 95% CIs, HELM's mean win rate overall and per category, cost. Writes <output-path>/summaries/<suite>/leaderboard.{json,csv,md}.",
    )
    .option('--suite <name>', 'the suite: runs are read from <output-path>/runs/<suite>/', 'latest')
    .option('-o, --output-path <dir>', 'output folder', 'benchmark_output')
    .option(
      '--schema <file>',
      "benchmarks, headline stats and categories (YAML/JSON, ours or HELM's schema_medhelm.yaml); default: MedHELM's 37",
    )
    .option(
      '--mix-releases',
      'rank runs of different releases, or of one benchmark at different versions (opt-in variants), together; the leaderboard lists what differs',
    )
    .action(async (options: SummarizeCommandOptions) => {
      const { summarizeCommand } = await import('./commands/summarize-command.ts');
      exitCode = await summarizeCommand(options, io);
    });

  program
    .command('verify')
    .description(
      'Recompute stats.json from per_instance_stats.json and check the files (and reachable data files) against the checksums recorded when the run was written; exit 1 on any difference.',
    )
    .argument(
      '<run-dir...>',
      'run directories (<output-path>/runs/<suite>/<run name>) or suite folders of them',
    )
    .option('--json', 'print JSON')
    .action(async (paths: string[], options: { json?: boolean }) => {
      const { verifyCommand } = await import('./commands/verify-command.ts');
      exitCode = await verifyCommand(paths, options, io);
    });

  program
    .command('compare')
    .description(
      'Compare two models of a suite per benchmark on the instances both answered: mean difference, paired sign-flip test (p-value), largest disagreements.',
    )
    .argument('<model-a>', 'a model as in run_spec.json adapter_spec.model, e.g. openai/gpt-4o')
    .argument('<model-b>', 'the model to compare it with')
    .option('--suite <name>', 'the suite: runs are read from <output-path>/runs/<suite>/', 'latest')
    .option('-o, --output-path <dir>', 'output folder', 'benchmark_output')
    .option('--schema <file>', 'as for summarize')
    .option('--top <n>', 'instances of largest disagreement to list per benchmark', '5')
    .option('--json', 'print JSON')
    .action(async (modelA: string, modelB: string, options: CompareCommandOptions) => {
      const { compareCommand } = await import('./commands/compare-command.ts');
      exitCode = await compareCommand(modelA, modelB, options, io);
    });

  program
    .command('serve')
    .description(
      "Browse the suite's results in a web browser: the leaderboard, a cost-versus-score plot, benchmark and run pages, and every instance with its judges. Serves on 127.0.0.1 until Ctrl-C.",
    )
    .option('--suite <name>', 'the suite: runs are read from <output-path>/runs/<suite>/', 'latest')
    .option('-o, --output-path <dir>', 'output folder', 'benchmark_output')
    .option('--schema <file>', 'as for summarize')
    .option('--port <n>', 'the port on 127.0.0.1 (0: any free port)', '8000')
    .option('--metrics-only', 'leave out per-instance data (prompts, completions, judge explanations)')
    .action(async (options: ServeCommandOptions) => {
      const { serveCommand } = await import('./commands/serve-command.ts');
      exitCode = await serveCommand(options, io);
    });

  program
    .command('export-site')
    .description(
      "Write the suite's results viewer as a static site (any static file server can host it), like helm-summarize's --export-path.",
    )
    .argument('<dir>', 'the folder to write (index.html, assets/, data/)')
    .option('--suite <name>', 'the suite: runs are read from <output-path>/runs/<suite>/', 'latest')
    .option('-o, --output-path <dir>', 'output folder', 'benchmark_output')
    .option('--schema <file>', 'as for summarize')
    .option(
      '--metrics-only',
      'publish metrics only: leave out per-instance data (prompts, completions, references, judge explanations)',
    )
    .action(async (directory: string, options: SiteCommandOptions) => {
      const { exportSiteCommand } = await import('./commands/export-site-command.ts');
      exitCode = await exportSiteCommand(directory, options, io);
    });

  const plugins = program.command('plugins').description('Inspect the plugins this runner finds.');
  plugins
    .command('list')
    .description(
      'List the plugins found (run config, first-party, project), with versions, specification versions and load errors.',
    )
    .option('--json', 'print JSON')
    .addOption(configOption())
    .addOption(discoverOption())
    .action(async (options: PluginSelectionOptions & { json?: boolean }) => {
      const { pluginsListCommand } = await import('./commands/plugins-command.ts');
      exitCode = await pluginsListCommand(options, io);
    });

  try {
    await program.parseAsync([...argv], { from: 'user' });
    return exitCode;
  } catch (error) {
    if (error instanceof CommanderError) {
      return error.exitCode === 0 ? ExitCode.ok : ExitCode.error;
    }
    // Imported here: it reads @medhelm/core (and zod), which `medhelm --help` never needs.
    const { formatError } = await import('./output/format-error.ts');
    io.stderr.write(formatError(error));
    return ExitCode.error;
  }
}
