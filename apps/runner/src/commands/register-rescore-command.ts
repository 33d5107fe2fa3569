import { type Command, Option } from 'commander';
import { addBatchOptions } from './batch-options.ts';
import type { CommandContext } from './command-context.ts';
import { addExamples, configOption, discoverOption } from './command-help.ts';
import type { RescoreCommandOptions } from './rescore-command.ts';

/** `medhelm rescore`: finished runs scored (and judged) again, without calling their model. */
export function registerRescoreCommand(
  program: Command,
  { io, services, setExitCode }: CommandContext,
): void {
  const command = program
    .command('rescore')
    .summary('Score (and re-judge) finished runs again without calling their model')
    .description(
      "Score the answers finished runs stored (HELM-written or medhelm's) with today's scorers, corrected metrics and extra scorers, and with --judges a new jury, into new run directories. No candidate model is called: no key or base URL is needed.",
    )
    .argument(
      '<run-dirs...>',
      'run directories (each with run_spec.json and scenario_state.json) or suite folders',
    );

  command
    .optionsGroup('Output:')
    .requiredOption('--suite <name>', 'suite of the rescored runs: they go to <output-path>/runs/<suite>/')
    .option('-o, --output-path <dir>', 'output folder', 'benchmark_output')
    .addOption(new Option('--no-cache', 'do not read or write the request cache'));

  command
    .optionsGroup('Scoring and judges:')
    .option(
      '--judges <name=model,...>',
      'judge the stored answers anew with this jury, e.g. gpt=gpt-4o,llama=llama-3.3-70b-instruct,claude=claude-3-7-sonnet (without it, the stored verdicts are scored again)',
    )
    .option('--models-file <path>', 'a models file (YAML or JSON) defining the deployment ids --judges names')
    .option(
      '--scorers <ids>',
      'extra scorers for every rescored run, stats beside HELM’s (comma-separated ids)',
    )
    .option(
      '--max-invalid-judge-replies <share>',
      "fail a run when more than this share of its judges' replies cannot be used; 0 to 1",
      '0.1',
    )
    .option(
      '--allow-external-data',
      'let gated and private data reach judges not marked local: true or trusted: true in the models file',
    );

  command
    .optionsGroup('Data for scorers that read data files (e.g. EHRSQL’s database):')
    .option('--sample', 'the small sample bundled with each benchmark package')
    .option(
      '--data-dir <dir>',
      'dataset files from this folder; without it or --sample, public data is downloaded',
    );

  command
    .optionsGroup('Limits and cost (the judges’ calls):')
    .option('--max-cost <usd>', 'stop before a judge call that could take the spend over <usd> (exit code 3)')
    .option('--concurrency <n>', 'instances in flight at once (default 4)')
    .option('--max-retries <n>', 'retries of a failed judge call, with backoff honouring Retry-After', '5')
    .option('--timeout <seconds>', 'how long one judge call may take before it is retried', '600');

  addBatchOptions(command, 'judges');

  command.optionsGroup('Plugins:').addOption(configOption()).addOption(discoverOption());

  addExamples(command, [
    {
      what: "a run HELM wrote, scored with today's scorers (no key needed)",
      command:
        'medhelm rescore helm_output/runs/v2/medication_qa:model=openai_gpt-4o-2024-05-13 --suite rescored',
    },
    {
      what: 'a whole suite re-judged by a new jury, then old jury vs new jury per benchmark',
      command:
        'medhelm rescore benchmark_output/runs/v1 --suite v1-rejudged --models-file models.yaml \\\n    --judges gpt=gpt-4.1,llama=llama-3.3-70b-instruct,claude=claude-sonnet-4\nmedhelm compare --suite v1 --suite-b v1-rejudged openai/gpt-4o-2024-05-13 openai/gpt-4o-2024-05-13',
    },
  ]);

  command.action(async (sources: string[], options: RescoreCommandOptions) => {
    const { neededPluginsForRescore, readStoredRuns, rescoreCommand } = await import('./rescore-command.ts');
    const runs = await readStoredRuns(sources, io);
    const loaded = await services(options, neededPluginsForRescore(runs, options, io));
    setExitCode(await rescoreCommand(loaded, runs, options, io));
  });
}
