import { join, resolve } from 'node:path';
import { ACCESS_TIERS, type AccessTier, type BenchmarkV1, ConfigError, type Registry } from '@medhelm/core';
import type { DataSource } from '@medhelm/datasets';
import {
  DEFAULT_MAX_INVALID_JUDGE_REPLIES,
  type DistributedExecutor,
  type EvaluationOptions,
  estimateRun,
  missingData,
  parseRunEntry,
  planRuns,
  type RunEntry,
  type RunOutcome,
  type RunPlan,
  readConfFile,
  readCostLedger,
  redactRunDirectory,
  resolveModelDeployment,
  VARIANT_KEY,
} from '@medhelm/engine';
import { loadModelsFile, type ModelsConfig } from '@medhelm/model-config';
import { createDisabledRequestCache, MedHelmStore } from '@medhelm/store';
import { type CliIo, ExitCode } from '../cli-io.ts';
import type { RunnerServices } from '../composition-root.ts';
import { estimateTable } from '../output/estimate-table.ts';
import { formatUsd } from '../output/format-usd.ts';
import { ProgressReporter } from '../output/progress-reporter.ts';
import { resultsTable, suiteCostLine } from '../output/results-table.ts';
import { addExtraScorers } from '../plugins/add-extra-scorers.ts';
import type { NeededPlugins } from '../plugins/select-needed-plugins.ts';
import { parseBenchmarkOption } from './benchmark-option.ts';
import { importExecutorBullmq } from './import-executor-bullmq.ts';
import { invocationManifest } from './invocation-manifest.ts';
import { type PluginSelectionOptions, readRunConfigOption } from './plugin-selection.ts';
import { redactCommandLine } from './redact-command-line.ts';
import { releaseOption } from './release-option.ts';
import { resolveJudges } from './resolve-judges.ts';
import {
  type CandidateFlags,
  resolveModelDeploymentSettings,
  runEntryDeploymentResolver,
} from './resolve-model-deployment-settings.ts';

/** The benchmark `--benchmark-config` runs (@medhelm/benchmark-medhelm-configurable reads the YAML). */
const CONFIGURABLE_BENCHMARK_ID = 'medhelm_configurable_benchmark';

/** Options of `medhelm run`, as commander parses them. */
export interface RunCommandOptions extends PluginSelectionOptions {
  benchmarks?: string;
  models?: string;
  modelsFile?: string;
  runEntries?: string[];
  confPaths?: string[];
  /** `--benchmark-config <yaml>`: a user-defined benchmark, run on each of `--models`. */
  benchmarkConfig?: string[];
  suite: string;
  maxEvalInstances?: string;
  outputPath: string;
  dataDir?: string;
  sample?: boolean;
  /** Undefined when not given: each deployment's `limits.concurrency`, else 4. */
  concurrency?: string;
  maxRetries: string;
  timeout: string;
  baseUrl?: string;
  apiKeyEnv?: string;
  cache: boolean;
  estimate?: boolean;
  maxCost?: string;
  /** `--judges name=model,...`: the LLM jury. */
  judges?: string;
  /** `--max-invalid-judge-replies <share>` (default 0.1). */
  maxInvalidJudgeReplies?: string;
  /** `--release <name>`: run a release's benchmarks (with its jury unless judges are given). */
  release?: string;
  /** `--access public,gated,private`: with `--release`, only the benchmarks of these tiers. */
  access?: string;
  /** `--allow-external-data`: gated and private data may reach deployments not marked local or trusted. */
  allowExternalData?: boolean;
  /** `--redact`: run directories without inputs, references, completions or judge explanations. */
  redact?: boolean;
  /** `--executor in-process|bullmq`: where the instances execute (default in-process). */
  executor?: string;
  /** `--redis-url`: the Redis of `--executor bullmq`. */
  redisUrl?: string;
  /** `--queue`: the BullMQ queue (default medhelm-batches). */
  queue?: string;
  /** `--batch-size`: instances per batch (default 50). */
  batchSize?: string;
  /** `--worker-timeout`: seconds without any batch moving before the coordinator gives up. */
  workerTimeout?: string;
}

/**
 * `medhelm run`: plans the runs, executes them, prints the results table. With `--estimate`, prints
 * what the runs would use at most instead, calling no model.
 */
export async function runCommand(
  services: RunnerServices,
  options: RunCommandOptions,
  io: CliIo,
): Promise<number> {
  const planned = planRunCommand(services, options, io);
  const { dataSource, outputPath, evaluation, maxCostUsd } = planned;
  const plans =
    options.release === undefined ? planned.plans : await plansWithData(planned.plans, dataSource, io);

  if (options.estimate) {
    const estimates = [];
    for (const plan of plans) {
      estimates.push(
        await estimateRun(plan, { dataSource, ...(io.signal === undefined ? {} : { signal: io.signal }) }),
      );
    }
    io.stdout.write(`${estimateTable(estimates)}\n`);
    return ExitCode.ok;
  }

  const executor = await openDistributedExecutor(options, io);
  const store = MedHelmStore.open({ path: join(outputPath, 'cache', 'medhelm.sqlite') });
  const scope = services.evaluation({
    store,
    requestCache: options.cache ? store.requestCache : createDisabledRequestCache(),
    observer: new ProgressReporter(io),
  });
  try {
    const outcomes = await scope.evaluator.runAll(plans, {
      ...evaluation,
      provenance: services.provenance(redactCommandLine(['medhelm', ...(io.argv ?? [])])),
      ...(executor === undefined ? {} : { executor }),
      ...(maxCostUsd === undefined ? {} : { maxCostUsd }),
      ...(io.signal === undefined ? {} : { signal: io.signal }),
    });
    if (options.redact) {
      // Written redacted: each run directory replaced by its redacted copy (atomically).
      for (const outcome of outcomes) {
        if (outcome.runDirectory !== undefined)
          await redactRunDirectory(outcome.runDirectory, outcome.runDirectory);
      }
    }
    const suiteDirectory = join(outputPath, 'runs', options.suite);
    io.stdout.write(
      `\n${resultsTable(outcomes)}\n${suiteCostLine(options.suite, await readCostLedger(suiteDirectory))}\n\nRun directories: ${suiteDirectory}\n`,
    );
    const stopped = outcomes.find((outcome) => outcome.stoppedBy === 'max-cost');
    if (stopped !== undefined) {
      const spent = outcomes.reduce((total, outcome) => total + (outcome.cost.candidateUsd ?? 0), 0);
      const saved = stopped.counts.fromModel + stopped.counts.fromCache + stopped.counts.fromCheckpoint;
      io.stderr.write(
        `Stopped at --max-cost $${formatUsd(maxCostUsd ?? 0)}: run ${stopped.plan.runName} had ${saved}/${stopped.counts.selected} instances done; spent $${formatUsd(spent)} in this invocation. Raise --max-cost and run the same command again to resume.\n`,
      );
      return ExitCode.costLimit;
    }
    if (outcomes.some((outcome) => outcome.interrupted) || outcomes.length < plans.length)
      return ExitCode.interrupted;
    if (outcomes.some(failedRun)) return ExitCode.failedInstances;
    return ExitCode.ok;
  } finally {
    await scope.dispose();
    store.close();
    await executor?.close();
  }
}

/**
 * A finished run that must not exit 0: an instance failed, a scorer has a bug, nothing completed
 * (no number for work that did not happen), or more of its judges' replies were unusable than
 * `--max-invalid-judge-replies` allows.
 */
function failedRun(outcome: RunOutcome): boolean {
  const replies = outcome.juryReplies;
  return (
    outcome.counts.failed > 0 ||
    outcome.counts.completed === 0 ||
    outcome.scoringFailures.some((failure) => failure.kind === 'scorer-bug') ||
    (replies !== undefined && replies.total > 0 && replies.invalid / replies.total > replies.limit)
  );
}

/**
 * The coordinator of `--executor bullmq` (its batches on a BullMQ queue, run by `medhelm worker`
 * processes into the shared store), or undefined for the default in-process executor. The
 * executor package is imported only here, when asked for.
 */
async function openDistributedExecutor(
  options: RunCommandOptions,
  io: CliIo,
): Promise<(DistributedExecutor & { close(): Promise<void> }) | undefined> {
  const executor = options.executor ?? 'in-process';
  if (executor !== 'in-process' && executor !== 'bullmq')
    throw new ConfigError(`--executor must be in-process or bullmq, got "${executor}".`);
  if (executor === 'in-process') {
    if (options.redisUrl !== undefined)
      throw new ConfigError('--redis-url was given without --executor bullmq.', {
        hint: 'Add --executor bullmq to run on workers, or leave out --redis-url.',
      });
    return undefined;
  }
  if (options.redisUrl === undefined)
    throw new ConfigError('--executor bullmq needs --redis-url.', {
      hint: 'e.g. --redis-url redis://127.0.0.1:6379',
    });
  if (options.maxCost !== undefined) {
    throw new ConfigError('--max-cost cannot be used with --executor bullmq yet.', {
      hint: 'Leave out --max-cost (`medhelm run --estimate` gives the most the runs can cost), or run in this process.',
    });
  }
  if (!options.cache) {
    throw new ConfigError('--executor bullmq needs the request cache; leave out --no-cache.', {
      hint: 'A batch handed out again after a worker stopped is answered from the shared cache instead of the model.',
    });
  }
  const batchSize = optionalPositiveInteger(options.batchSize, '--batch-size');
  const workerTimeoutSeconds = optionalPositiveInteger(options.workerTimeout, '--worker-timeout');
  const { BullMqCoordinator } = await importExecutorBullmq();
  return BullMqCoordinator.open({
    redisUrl: options.redisUrl,
    manifest: invocationManifest(options, io.cwd),
    ...(options.queue === undefined ? {} : { queueName: options.queue }),
    ...(batchSize === undefined ? {} : { batchSize }),
    ...(workerTimeoutSeconds === undefined ? {} : { workerTimeoutMs: workerTimeoutSeconds * 1000 }),
    log: (message) => io.stderr.write(`${message}\n`),
  });
}

/** A `medhelm run` planned: its runs, where data and output go, how the evaluator runs them. */
export interface PlannedRunCommand {
  plans: RunPlan[];
  dataSource: DataSource;
  outputPath: string;
  /** The evaluator's options but `--max-cost` and the signal. */
  evaluation: Omit<EvaluationOptions, 'maxCostUsd' | 'signal'>;
  maxCostUsd: number | undefined;
}

/**
 * Plans a `medhelm run` from its options: the run entries, the deployments, the run config's data
 * folders and extra scorers, the judges, the data source. A `medhelm worker` plans a distributed
 * invocation's runs with it too, from the coordinator's options, so both plan the same runs.
 */
export function planRunCommand(
  services: RunnerServices,
  options: RunCommandOptions,
  io: CliIo,
): PlannedRunCommand {
  const { benchmarks, providers } = services;
  const config =
    options.modelsFile === undefined ? undefined : loadModelsFile(resolve(io.cwd, options.modelsFile));
  const flags: CandidateFlags = {
    ...(options.baseUrl === undefined ? {} : { baseUrl: options.baseUrl }),
    ...(options.apiKeyEnv === undefined ? {} : { apiKeyEnv: options.apiKeyEnv }),
  };
  const entries = collectEntries(options, benchmarks, config, flags, io);
  const maxEvalInstances = optionalPositiveInteger(options.maxEvalInstances, '--max-eval-instances');
  const concurrency = optionalPositiveInteger(options.concurrency, '--concurrency');
  const maxCostUsd = optionalNonNegativeNumber(options.maxCost, '--max-cost');
  const judges = resolveJudges(judgesOption(options, config), config, io.env);
  const maxRetries = optionalNonNegativeInteger(options.maxRetries, '--max-retries') ?? 5;
  const timeoutSeconds = Number(options.timeout ?? 600);
  if (!Number.isFinite(timeoutSeconds) || timeoutSeconds <= 0) {
    throw new ConfigError(`--timeout must be a number of seconds > 0, got "${options.timeout}".`);
  }
  const runConfig = readRunConfigOption(options, io);
  const plans = addExtraScorers(
    planRuns(
      entries,
      { benchmarks, providers },
      {
        resolveDeployment: runEntryDeploymentResolver(flags, config, io.env),
        resolvePath: (path) => resolve(io.cwd, path),
        ...(maxEvalInstances === undefined ? {} : { maxEvalInstances }),
        ...(concurrency === undefined ? {} : { concurrency }),
      },
    ).map((plan) => {
      // The run config's data folder for the benchmark, unless the entry gave its own data_path=.
      const folder = runConfig?.data[plan.benchmark.id];
      return plan.dataPath !== undefined || folder === undefined ? plan : { ...plan, dataPath: folder };
    }),
    // The run config's `scorers`: extra scorers per benchmark, stats beside HELM's.
    runConfig,
    { benchmarks, scorers: services.scorers },
  );
  const outputPath = resolve(io.cwd, options.outputPath);
  const dataSource = dataSourceOf(options, io, outputPath);
  return {
    plans,
    dataSource,
    outputPath,
    maxCostUsd,
    evaluation: {
      suite: options.suite,
      outputPath,
      dataSource,
      retry: { maxRetries },
      ...(judges.length === 0 ? {} : { judges }),
      maxInvalidJudgeReplies: shareOption(options.maxInvalidJudgeReplies, '--max-invalid-judge-replies'),
      allowExternalData: options.allowExternalData === true || runConfig?.allowExternalData === true,
      providerSettings: { timeoutMs: timeoutSeconds * 1000 },
    },
  };
}

/**
 * The plugins a `medhelm run` needs, read from its options before any plugin is imported: the
 * benchmarks it names, the providers of its models and judges, and the run config's extra
 * scorers. Only those first-party plugins are imported (see `selectNeededPlugins`).
 */
export function neededPluginsForRun(options: RunCommandOptions, io: CliIo): NeededPlugins {
  const config =
    options.modelsFile === undefined ? undefined : loadModelsFile(resolve(io.cwd, options.modelsFile));
  const entries = [
    ...(options.runEntries ?? []).map((description) => parseRunEntry(description)),
    ...(options.confPaths ?? []).flatMap((path) => readConfFile(path)),
  ];
  const providers = new Set<string>();
  for (const entry of entries) {
    const values = new Map(entry.args);
    if (values.has('model') || values.has('model_deployment')) {
      providers.add(resolveModelDeployment(values.get('model'), values.get('model_deployment')).providerId);
    }
  }
  for (const model of splitList(options.models)) {
    providers.add(resolveModelDeploymentSettings(model, config, io.env).providerId);
  }
  for (const judge of resolveJudges(judgesOption(options, config), config, io.env))
    providers.add(judge.deployment.providerId);
  const runConfig = readRunConfigOption(options, io);
  const configured = (options.benchmarkConfig ?? []).length > 0 ? [CONFIGURABLE_BENCHMARK_ID] : [];
  return {
    benchmark: [
      ...new Set([
        ...splitList(options.benchmarks).map((value) => parseBenchmarkOption(value).benchmarkId),
        ...(options.release === undefined
          ? []
          : releaseOption(options.release).benchmarks.map(({ id }) => id)),
        ...entries.map((entry) => entry.benchmarkId),
        ...configured,
      ]),
    ],
    provider: [...providers],
    scorer: [...new Set(Object.values(runConfig?.scorers ?? {}).flat())],
  };
}

/**
 * Turns `--run-entries`, `--conf-paths` and benchmarks × `--models` into run entries. A `--models`
 * value (a models-file id, a built-in id, or `provider:model`) is resolved here into the deployment
 * the entry carries, with its base URL, key variable, limits and price.
 */
function collectEntries(
  options: RunCommandOptions,
  benchmarks: Registry<BenchmarkV1>,
  config: ModelsConfig | undefined,
  flags: CandidateFlags,
  io: CliIo,
): RunEntry[] {
  const entries: RunEntry[] = [];
  for (const description of options.runEntries ?? []) entries.push(parseRunEntry(description));
  for (const path of options.confPaths ?? []) entries.push(...readConfFile(path));
  const benchmarkIds = [...splitList(options.benchmarks), ...releaseBenchmarkIds(options, benchmarks, io)];
  const configs = options.benchmarkConfig ?? [];
  const models = splitList(options.models);
  if (benchmarkIds.length > 0 || configs.length > 0 || models.length > 0) {
    if (benchmarkIds.length === 0 && configs.length === 0)
      throw new ConfigError('--models was given without --benchmarks.', {
        hint: `Known benchmarks: ${benchmarks.ids().join(', ')}.`,
      });
    if (models.length === 0) {
      throw new ConfigError(
        `${benchmarkIds.length > 0 ? '--benchmarks' : '--benchmark-config'} was given without --models.`,
        {
          hint: 'Pass --models <provider>:<model> or a deployment id. For a first try: --models baseline:first-option.',
        },
      );
    }
    const byHelmDeployment = new Map<string, string>();
    const deployments = models.map((model) => {
      const deployment = resolveModelDeploymentSettings(model, config, io.env, flags);
      const previous = byHelmDeployment.get(deployment.helmDeployment);
      if (previous !== undefined && previous !== model) {
        throw new ConfigError(
          `--models "${previous}" and "${model}" are the same deployment (${deployment.helmDeployment}); their runs would have the same name.`,
        );
      }
      byHelmDeployment.set(deployment.helmDeployment, model);
      return deployment;
    });
    const bases: RunEntry[] = [];
    for (const value of benchmarkIds) {
      const { benchmarkId, variant } = parseBenchmarkOption(value);
      // A benchmark id alone runs the MedHELM leaderboard's entries for it (e.g. EHRSHOT's subjects),
      // `<id>@<variant>` the same entries with `variant=<variant>`.
      const leaderboard = benchmarks.get(benchmarkId).leaderboardRunEntries ?? [benchmarkId];
      for (const description of leaderboard) {
        const base = parseRunEntry(description, `the ${benchmarkId} benchmark's leaderboard run entries`);
        bases.push(variant === undefined ? base : { ...base, args: [...base.args, [VARIANT_KEY, variant]] });
      }
    }
    // --benchmark-config: the user's YAML, read and checked by its benchmark's `configure` (the path
    // resolved against the working directory, like any config_path=).
    for (const config of configs) {
      bases.push({
        benchmarkId: benchmarks.get(CONFIGURABLE_BENCHMARK_ID).id,
        args: [['config_path', config]],
      });
    }
    for (const base of bases) {
      for (const deployment of deployments) {
        entries.push({
          benchmarkId: base.benchmarkId,
          args: [
            ...base.args,
            ['model', deployment.helmModel],
            ['model_deployment', deployment.helmDeployment],
          ],
          deployment,
        });
      }
    }
  }
  if (entries.length === 0) {
    throw new ConfigError('Nothing to run.', {
      hint: 'Pass --benchmarks and --models (e.g. --benchmarks pubmed_qa --models baseline:first-option), --run-entries, or --conf-paths.',
    });
  }
  return entries;
}

/**
 * `--release <name>`: the release's benchmarks that are installed, of the `--access` tiers when
 * given; each left out is said with why (not installed, another tier). Empty without `--release`.
 */
function releaseBenchmarkIds(
  options: RunCommandOptions,
  benchmarks: Registry<BenchmarkV1>,
  io: CliIo,
): string[] {
  if (options.release === undefined) {
    if (options.access !== undefined)
      throw new ConfigError('--access was given without --release.', {
        hint: 'Use --access with --release (e.g. --release v2.0.0 --access public), or name the benchmarks with --benchmarks.',
      });
    return [];
  }
  if (options.benchmarks !== undefined)
    throw new ConfigError('Use either --release or --benchmarks, not both.', {
      hint: `--release ${options.release} runs every benchmark of the release (narrow it with --access).`,
    });
  const release = releaseOption(options.release);
  const tiers = accessTiers(options.access);
  const ids: string[] = [];
  for (const { id, version } of release.benchmarks) {
    if (!benchmarks.has(id)) {
      io.stderr.write(`skipped ${id}: not installed (install its @medhelm/benchmark-* package to run it).\n`);
      continue;
    }
    const benchmark = benchmarks.get(id);
    if (!tiers.includes(benchmark.access)) continue;
    if (benchmark.version !== version) {
      io.stderr.write(
        `note: ${id} is installed at version ${benchmark.version ?? '(none)'}, ${release.name} holds version ${version}: its runs are not ${release.name} runs.\n`,
      );
    }
    ids.push(id);
  }
  if (ids.length === 0) {
    throw new ConfigError(
      `--release ${release.name}${options.access === undefined ? '' : ` --access ${options.access}`}: no installed benchmark to run.`,
    );
  }
  return ids;
}

/** `--access a,b`: the tiers asked for; all three when not given. */
function accessTiers(value: string | undefined): AccessTier[] {
  if (value === undefined) return [...ACCESS_TIERS];
  const tiers = splitList(value);
  for (const tier of tiers) {
    if (!(ACCESS_TIERS as readonly string[]).includes(tier))
      throw new ConfigError(`--access: "${tier}" is not a data tier.`, {
        hint: `Tiers: ${ACCESS_TIERS.join(', ')} (comma-separated, e.g. --access public,gated).`,
      });
  }
  return tiers as AccessTier[];
}

/**
 * The judges option: `--judges`, else the models file's `judges:`, else, with `--release`, the
 * release's own jury (HELM's three judges for v2.0.0, as built-in deployments).
 */
function judgesOption(options: RunCommandOptions, config: ModelsConfig | undefined): string | undefined {
  if (options.judges !== undefined || config?.judges !== undefined || options.release === undefined)
    return options.judges;
  return releaseOption(options.release)
    .jury.map((judge) => `${judge.name}=${judge.deployment}`)
    .join(',');
}

/**
 * A release's runs that have their data: the others (gated and private data not given) are left
 * out with one line each saying what is missing and how to obtain it, so the rest of the release
 * runs.
 */
async function plansWithData(
  plans: readonly RunPlan[],
  dataSource: DataSource,
  io: CliIo,
): Promise<RunPlan[]> {
  const kept: RunPlan[] = [];
  for (const plan of plans) {
    const missing = await missingData(plan, dataSource);
    if (missing.length === 0) {
      kept.push(plan);
      continue;
    }
    const { obtain } = plan.benchmark.dataset;
    io.stderr.write(
      `skipped ${plan.runName}: its ${plan.benchmark.access} data is not here (${missing.join(', ')}); give it with --data-dir or a run config's data: entry${obtain === undefined ? '' : ` (access: ${obtain})`}.\n`,
    );
  }
  if (kept.length === 0) {
    throw new ConfigError("None of the release's runs has its data, so nothing was run.", {
      hint: 'Public benchmarks download their data when --data-dir and --sample are left out; gated and private ones need --data-dir.',
    });
  }
  return kept;
}

function dataSourceOf(options: RunCommandOptions, io: CliIo, outputPath: string): DataSource {
  if (options.sample && options.dataDir !== undefined)
    throw new ConfigError('Use either --sample or --data-dir, not both.');
  if (options.sample) return { kind: 'sample' };
  if (options.dataDir !== undefined) return { kind: 'directory', path: resolve(io.cwd, options.dataDir) };
  const cacheHome = io.env.MEDHELM_DATA_CACHE ?? join(outputPath, 'scenarios');
  return { kind: 'download', cacheDirectory: resolve(io.cwd, cacheHome) };
}

function splitList(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

function optionalPositiveInteger(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (!Number.isInteger(number) || number <= 0)
    throw new ConfigError(`${flag} must be a positive integer, got "${value}".`);
  return number;
}

function optionalNonNegativeInteger(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0)
    throw new ConfigError(`${flag} must be an integer >= 0, got "${value}".`);
  return number;
}

function shareOption(value: string | undefined, flag: string): number {
  if (value === undefined) return DEFAULT_MAX_INVALID_JUDGE_REPLIES;
  const number = Number(value);
  if (value.trim() === '' || !Number.isFinite(number) || number < 0 || number > 1)
    throw new ConfigError(`${flag} must be a share from 0 to 1 (e.g. 0.25 for 25%), got "${value}".`);
  return number;
}

function optionalNonNegativeNumber(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (value.trim() === '' || !Number.isFinite(number) || number < 0)
    throw new ConfigError(`${flag} must be a number of US dollars >= 0, got "${value}".`);
  return number;
}
