import { join, resolve } from 'node:path';
import { type BenchmarkV1, ConfigError, type ModelProviderV1, type Registry, Tokens } from '@medhelm/core';
import type { DataSource } from '@medhelm/datasets';
import {
  parseRunEntry,
  planRuns,
  type RunEntry,
  readConfFile,
  resolveModelDeployment,
} from '@medhelm/engine';
import { createDisabledRequestCache, MedHelmStore } from '@medhelm/store';
import type { DependencyContainer } from 'tsyringe';
import { type CliIo, ExitCode } from '../cli-io.ts';
import { createRunScope } from '../composition-root.ts';
import { ProgressReporter } from '../output/progress-reporter.ts';
import { resultsTable } from '../output/results-table.ts';
import { resolveToken } from '../resolve-token.ts';

/** Options of `medhelm run`, as commander parses them. */
export interface RunCommandOptions {
  benchmarks?: string;
  models?: string;
  runEntries?: string[];
  confPaths?: string[];
  suite: string;
  maxEvalInstances?: string;
  outputPath: string;
  dataDir?: string;
  sample?: boolean;
  concurrency: string;
  maxRetries: string;
  timeout: string;
  baseUrl?: string;
  apiKeyEnv?: string;
  cache: boolean;
}

/** `medhelm run`: plans the runs, executes them, prints the results table. */
export async function runCommand(
  application: DependencyContainer,
  options: RunCommandOptions,
  io: CliIo,
): Promise<number> {
  const benchmarks = resolveToken(application, Tokens.BenchmarkRegistry);
  const providers = resolveToken(application, Tokens.ProviderRegistry);
  const entries = collectEntries(options, benchmarks, providers);
  const maxEvalInstances = optionalPositiveInteger(options.maxEvalInstances, '--max-eval-instances');
  const concurrency = optionalPositiveInteger(options.concurrency, '--concurrency') ?? 4;
  const maxRetries = optionalNonNegativeInteger(options.maxRetries, '--max-retries') ?? 5;
  const timeoutSeconds = Number(options.timeout ?? 600);
  if (!Number.isFinite(timeoutSeconds) || timeoutSeconds <= 0) {
    throw new ConfigError(`--timeout must be a number of seconds > 0, got "${options.timeout}".`);
  }
  const plans = planRuns(
    entries,
    { benchmarks, providers },
    maxEvalInstances === undefined ? {} : { maxEvalInstances },
  );
  const outputPath = resolve(io.cwd, options.outputPath);
  const dataSource = dataSourceOf(options, io, outputPath);

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
      providerSettings: {
        timeoutMs: timeoutSeconds * 1000,
        ...(options.baseUrl === undefined ? {} : { baseUrl: options.baseUrl }),
        ...(options.apiKeyEnv === undefined ? {} : { apiKeyEnvVar: options.apiKeyEnv }),
      },
      ...(io.signal === undefined ? {} : { signal: io.signal }),
    });
    io.stdout.write(
      `\n${resultsTable(outcomes)}\n\nRun directories: ${join(outputPath, 'runs', options.suite)}\n`,
    );
    if (outcomes.some((outcome) => outcome.interrupted) || outcomes.length < plans.length)
      return ExitCode.interrupted;
    if (outcomes.some((outcome) => outcome.counts.failed > 0)) return ExitCode.failedInstances;
    return ExitCode.ok;
  } finally {
    await scope.dispose();
    store.close();
  }
}

function collectEntries(
  options: RunCommandOptions,
  benchmarks: Registry<BenchmarkV1>,
  providers: Registry<ModelProviderV1>,
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
    for (const benchmarkId of benchmarkIds) {
      benchmarks.get(benchmarkId);
      for (const model of models) {
        const deployment = resolveModelDeployment(model, undefined);
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
