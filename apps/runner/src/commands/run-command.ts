import { join, resolve } from 'node:path';
import { type BenchmarkV1, ConfigError, type ModelProviderV1, type Registry, Tokens } from '@medhelm/core';
import type { DataSource } from '@medhelm/datasets';
import {
  estimateRun,
  type ModelDeployment,
  parseRunEntry,
  planRuns,
  type RunEntry,
  type RunPlan,
  readConfFile,
  readCostLedger,
  resolveModelDeployment,
} from '@medhelm/engine';
import {
  billingProviderFor,
  loadModelsFile,
  type ModelsConfig,
  priceFor,
  resolveDeployment,
  selectApiKeyEnv,
} from '@medhelm/model-config';
import { createDisabledRequestCache, MedHelmStore } from '@medhelm/store';
import type { DependencyContainer } from 'tsyringe';
import { type CliIo, ExitCode } from '../cli-io.ts';
import { createRunScope } from '../composition-root.ts';
import { estimateTable } from '../output/estimate-table.ts';
import { formatUsd } from '../output/format-usd.ts';
import { ProgressReporter } from '../output/progress-reporter.ts';
import { resultsTable, suiteCostLine } from '../output/results-table.ts';
import { addExtraScorers } from '../plugins/add-extra-scorers.ts';
import { resolveToken } from '../resolve-token.ts';
import { type PluginSelectionOptions, readRunConfigOption } from './plugin-selection.ts';
import { resolveJudges } from './resolve-judges.ts';

/** Options of `medhelm run`, as commander parses them. */
export interface RunCommandOptions extends PluginSelectionOptions {
  benchmarks?: string;
  models?: string;
  modelsFile?: string;
  runEntries?: string[];
  confPaths?: string[];
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
}

/** Settings of a deployment named in `--models` that the run entry itself cannot carry. */
type DeploymentExtras = Pick<ModelDeployment, 'baseUrl' | 'apiKeyEnvVar' | 'limits' | 'price'>;

/**
 * `medhelm run`: plans the runs, executes them, prints the results table. With `--estimate`, prints
 * what the runs would use at most instead, calling no model.
 */
export async function runCommand(
  application: DependencyContainer,
  options: RunCommandOptions,
  io: CliIo,
): Promise<number> {
  const benchmarks = resolveToken(application, Tokens.BenchmarkRegistry);
  const providers = resolveToken(application, Tokens.ProviderRegistry);
  const config =
    options.modelsFile === undefined ? undefined : loadModelsFile(resolve(io.cwd, options.modelsFile));
  const extras = new Map<string, DeploymentExtras & { id: string }>();
  const entries = collectEntries(options, benchmarks, providers, config, extras, io);
  const maxEvalInstances = optionalPositiveInteger(options.maxEvalInstances, '--max-eval-instances');
  const concurrencyOption = optionalPositiveInteger(options.concurrency, '--concurrency');
  const concurrency = concurrencyOption ?? 4;
  const maxCostUsd = optionalNonNegativeNumber(options.maxCost, '--max-cost');
  const judges = resolveJudges(options.judges, config, io.env);
  const maxRetries = optionalNonNegativeInteger(options.maxRetries, '--max-retries') ?? 5;
  const timeoutSeconds = Number(options.timeout ?? 600);
  if (!Number.isFinite(timeoutSeconds) || timeoutSeconds <= 0) {
    throw new ConfigError(`--timeout must be a number of seconds > 0, got "${options.timeout}".`);
  }
  const plans = addExtraScorers(
    planRuns(
      entries,
      { benchmarks, providers },
      maxEvalInstances === undefined ? {} : { maxEvalInstances },
    ).map((plan) => withDeploymentSettings(plan, extras, options, concurrencyOption !== undefined)),
    // The run config's `scorers`: extra scorers per benchmark, stats beside HELM's.
    readRunConfigOption(options, io),
    { benchmarks, scorers: resolveToken(application, Tokens.ScorerRegistry) },
  );
  const outputPath = resolve(io.cwd, options.outputPath);
  const dataSource = dataSourceOf(options, io, outputPath);

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

  const store = MedHelmStore.open({ path: join(outputPath, 'cache', 'medhelm.sqlite') });
  const scope = createRunScope(application, {
    store,
    requestCache: options.cache ? store.requestCache : createDisabledRequestCache(),
    observer: new ProgressReporter(io),
  });
  try {
    const outcomes = await scope.evaluator.runAll(plans, {
      suite: options.suite,
      outputPath,
      dataSource,
      concurrency,
      retry: { maxRetries },
      ...(maxCostUsd === undefined ? {} : { maxCostUsd }),
      ...(judges.length === 0 ? {} : { judges }),
      providerSettings: {
        timeoutMs: timeoutSeconds * 1000,
        ...(options.baseUrl === undefined ? {} : { baseUrl: options.baseUrl }),
        ...(options.apiKeyEnv === undefined ? {} : { apiKeyEnvVar: options.apiKeyEnv }),
      },
      ...(io.signal === undefined ? {} : { signal: io.signal }),
    });
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
    if (outcomes.some((outcome) => outcome.counts.failed > 0)) return ExitCode.failedInstances;
    return ExitCode.ok;
  } finally {
    await scope.dispose();
    store.close();
  }
}

/**
 * Resolves each `--models` value (a models-file id, a built-in id, or `provider:model`) and turns
 * benchmarks × models into run entries. What an entry cannot carry (base URL, key variable,
 * limits, price) goes into `extras`, keyed by HELM deployment name.
 */
function collectEntries(
  options: RunCommandOptions,
  benchmarks: Registry<BenchmarkV1>,
  providers: Registry<ModelProviderV1>,
  config: ModelsConfig | undefined,
  extras: Map<string, DeploymentExtras & { id: string }>,
  io: CliIo,
): RunEntry[] {
  const entries: RunEntry[] = [];
  for (const description of options.runEntries ?? []) entries.push(parseRunEntry(description));
  for (const path of options.confPaths ?? []) entries.push(...readConfFile(path));
  const benchmarkIds = splitList(options.benchmarks);
  const models = splitList(options.models);
  if (benchmarkIds.length > 0 || models.length > 0) {
    if (benchmarkIds.length === 0)
      throw new ConfigError('--models was given without --benchmarks.', {
        hint: `Known benchmarks: ${benchmarks.ids().join(', ')}.`,
      });
    if (models.length === 0) {
      throw new ConfigError('--benchmarks was given without --models.', {
        hint: `Pass --models <provider>:<model>; known providers: ${providers.ids().join(', ')}. For a first try: --models baseline:first-option.`,
      });
    }
    const deployments = models.map((model) => {
      const resolved = resolveDeployment(
        model,
        config,
        options.baseUrl === undefined ? {} : { baseUrl: options.baseUrl },
      );
      // `provider:model` names runs exactly as before; a deployment may name its HELM model.
      const deployment =
        resolved.helmModel === undefined
          ? resolveModelDeployment(`${resolved.providerId}:${resolved.modelId}`, undefined)
          : resolveModelDeployment(resolved.helmModel, `${resolved.providerId}/${resolved.modelId}`);
      const previous = extras.get(deployment.helmDeployment);
      if (previous !== undefined && previous.id !== model) {
        throw new ConfigError(
          `--models "${previous.id}" and "${model}" are the same deployment (${deployment.helmDeployment}); their runs would have the same name.`,
        );
      }
      const apiKeyEnvVar = selectApiKeyEnv(resolved, io.env);
      // The provider:model form keeps today's behaviour: --base-url / --api-key-env and the
      // provider plugin's defaults; only its price comes from model-config.
      const named = resolved.origin !== 'provider-model';
      extras.set(deployment.helmDeployment, {
        id: model,
        ...(named && resolved.baseUrl !== undefined ? { baseUrl: resolved.baseUrl } : {}),
        ...(named && apiKeyEnvVar !== undefined ? { apiKeyEnvVar } : {}),
        ...(named && resolved.limits !== undefined ? { limits: resolved.limits } : {}),
        ...(resolved.price === undefined ? {} : { price: resolved.price }),
      });
      return deployment;
    });
    for (const benchmarkId of benchmarkIds) {
      benchmarks.get(benchmarkId);
      for (const deployment of deployments) {
        entries.push({
          benchmarkId,
          args: [
            ['model', deployment.helmModel],
            ['model_deployment', deployment.helmDeployment],
          ],
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
 * A plan's deployment with the settings of its `--models` deployment; for run entries, the price
 * from the table. `--concurrency`, when given, wins over the deployment's `limits.concurrency`.
 */
function withDeploymentSettings(
  plan: RunPlan,
  extras: ReadonlyMap<string, DeploymentExtras>,
  options: RunCommandOptions,
  concurrencyGiven: boolean,
): RunPlan {
  const found = extras.get(plan.deployment.helmDeployment);
  const deployment: ModelDeployment = { ...plan.deployment };
  if (found?.baseUrl !== undefined) deployment.baseUrl = found.baseUrl;
  if (found?.apiKeyEnvVar !== undefined) deployment.apiKeyEnvVar = found.apiKeyEnvVar;
  if (found?.limits !== undefined) {
    const { concurrency, ...rest } = found.limits;
    deployment.limits = concurrencyGiven || concurrency === undefined ? rest : { ...rest, concurrency };
  }
  const price =
    found === undefined
      ? priceFor(
          billingProviderFor(deployment.providerId, options.baseUrl ?? deployment.baseUrl),
          deployment.modelId,
        )
      : found.price;
  if (price !== undefined) deployment.price = price;
  return { ...plan, deployment };
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

function optionalNonNegativeNumber(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (value.trim() === '' || !Number.isFinite(number) || number < 0)
    throw new ConfigError(`${flag} must be a number of US dollars >= 0, got "${value}".`);
  return number;
}
