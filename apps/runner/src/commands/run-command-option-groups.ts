// The options of `medhelm run` in the groups its --help lists, so a newcomer finds the three they need.

import { type Command, Option } from 'commander';
import { collect } from './command-help.ts';
import { DEFAULT_GRADER } from './grader-judge.ts';

/** `medhelm run`'s "What to run:" options: benchmarks, models, releases, run entries, configurable benchmarks. */
export function addRunSelectionOptions(command: Command): void {
  command
    .optionsGroup('What to run:')
    .option(
      '--benchmarks <ids>',
      'comma-separated benchmark ids (see `medhelm list`); <id>@<variant> runs an opt-in variant',
    )
    .option(
      '--models <models>',
      'comma-separated deployment ids (from --models-file or built in, e.g. gpt-4o) or <provider>:<model>, e.g. baseline:first-option',
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
      '--run-entries <entry>',
      'a HELM run entry, e.g. "pubmed_qa:model=openai:gpt-4o" (repeatable)',
      collect,
    )
    .option('--conf-paths <file>', 'a HELM run-entries conf file (repeatable)', collect)
    .option(
      '--benchmark-config <yaml>',
      'a benchmark of your own (HELM medhelm_configurable_benchmark YAML), run with --models: short for --run-entries medhelm_configurable_benchmark:config_path=<yaml> (repeatable)',
      collect,
    );
}

/** `medhelm run`'s "Data:" options: where the data comes from, how much of it, and where it may go. */
export function addRunDataOptions(command: Command): void {
  command
    .optionsGroup('Data:')
    .option(
      '--sample',
      'use the small sample bundled with each benchmark package (real upstream rows for some, invented fixtures for others: `medhelm list` says which)',
    )
    .option(
      '--data-dir <dir>',
      'read dataset files from this folder (<dir>/<file> or <dir>/<benchmark>/<file>); without it or --sample, public data is downloaded',
    )
    .option('--max-eval-instances <n>', 'evaluate at most n instances per run, downsampled exactly as HELM')
    .option(
      '--allow-external-data',
      'let gated and private benchmark data reach deployments not marked local: true or trusted: true in the models file',
    );
}

/** `medhelm run`'s "Models and judges:" options: the models file, the candidates' endpoint and key, the jury. */
export function addRunModelOptions(command: Command): void {
  command
    .optionsGroup('Models and judges:')
    .option(
      '--models-file <path>',
      'a models file (YAML or JSON) defining deployment ids for --models and --judges',
    )
    .option(
      '--base-url <url>',
      'API base URL of the --models candidates (not the judges: give theirs in a models file), e.g. http://127.0.0.1:8000/v1 for a local vLLM server; openai-compatible models need one',
    )
    .option(
      '--api-key-env <name>',
      "environment variable that holds the --models candidates' API key (default: the provider's, e.g. OPENAI_API_KEY)",
    )
    .option(
      '--judges <name=model,...>',
      'the LLM jury for open-ended benchmarks, e.g. gpt=gpt-4o,llama=llama-3.3-70b-instruct,claude=claude-3-7-sonnet (none: jury skipped)',
    )
    .option(
      '--grader <deployment>',
      `the grader of benchmarks graded per rubric item, such as healthbench (default ${DEFAULT_GRADER}, OpenAI's reference grader); asked only by them, never a juror`,
    )
    .option(
      '--max-invalid-judge-replies <share>',
      "fail a run (exit 1) when more than this share of its judges' replies cannot be used (HELM scores those instances with its default); 0 to 1",
      '0.1',
    );
}

/** `medhelm run`'s "Limits and cost:" options: estimates, the spending cap, concurrency, retries and timeouts. */
export function addRunLimitOptions(command: Command): void {
  command
    .optionsGroup('Limits and cost:')
    .option(
      '--estimate',
      'print instances, estimated tokens and maximum cost per run, and exit without calling a model',
    )
    .option(
      '--max-cost <usd>',
      'stop before a model call that could take the spend of this invocation over <usd> (exit code 3)',
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
    .option('--timeout <seconds>', 'how long one model call may take before it is retried', '600');
}

/** `medhelm run`'s "Output:" options: the suite, the output folder, the cache and redaction. */
export function addRunOutputOptions(command: Command): void {
  command
    .optionsGroup('Output:')
    .option('--suite <name>', 'suite name: runs go to <output-path>/runs/<suite>/', 'latest')
    .option('-o, --output-path <dir>', 'output folder', 'benchmark_output')
    .addOption(new Option('--no-cache', 'do not read or write the request cache'))
    .option(
      '--redact',
      'write run directories without inputs, references, completions or judge explanations (stats kept)',
    );
}

/** `medhelm run`'s "Distributed" options: the BullMQ executor and its Redis, queue, batches and timeout. */
export function addRunDistributedOptions(command: Command): void {
  command
    .optionsGroup('Distributed (--executor bullmq):')
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
    .option(
      '--global-concurrency',
      "with --executor bullmq, a deployment's limits.concurrency caps its calls in flight across all workers together (default: per worker)",
    );
}

/** The examples `medhelm run --help` ends with. */
export const RUN_EXAMPLES = [
  {
    what: 'first try: two benchmarks on their bundled samples, with the no-key baseline model',
    command: 'medhelm run --benchmarks pubmed_qa,medcalc_bench --models baseline:first-option --sample',
  },
  {
    what: 'a hosted model on 100 instances per benchmark (key in OPENAI_API_KEY); --estimate first',
    command: 'medhelm run --benchmarks pubmed_qa,med_qa --models gpt-4o --max-eval-instances 100 --estimate',
  },
  {
    what: "your own vLLM server from a models file, judged by HELM's jury, capped at $5",
    command:
      'medhelm run --benchmarks aci_bench --models-file models.yaml --models my-vllm \\\n    --judges gpt=gpt-4o,llama=llama-3.3-70b-instruct,claude=claude-3-7-sonnet --max-cost 5',
  },
  {
    what: "MedHELM v2.0.0's public benchmarks, as a suite of its own",
    command: 'medhelm run --release v2.0.0 --access public --models gpt-4o --suite v2-public',
  },
];
