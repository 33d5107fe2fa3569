import { resolve } from 'node:path';
import { ConfigError } from '@medhelm/core';
import type { DataSource } from '@medhelm/datasets';
import { type EvaluationOptions, missingData, planRuns, type RunPlan } from '@medhelm/engine';
import { loadModelsFile } from '@medhelm/model-config';
import type { CliIo } from '../cli-io.ts';
import type { RunnerServices } from '../composition-root.ts';
import { addExtraScorers } from '../plugins/add-extra-scorers.ts';
import { batchSettingsOption, withBatchOption } from './batch-options.ts';
import { collectEntries } from './collect-run-entries.ts';
import { dataSourceOf } from './data-source-option.ts';
import { graderJudge } from './grader-judge.ts';
import { judgesOption } from './judges-option.ts';
import {
  optionalNonNegativeInteger,
  optionalNonNegativeNumber,
  optionalPositiveInteger,
  shareOption,
  timeoutSecondsOption,
} from './option-values.ts';
import { readRunConfigOption } from './plugin-selection.ts';
import { resolveJudges } from './resolve-judges.ts';
import { type CandidateFlags, runEntryDeploymentResolver } from './resolve-model-deployment-settings.ts';
import type { RunCommandOptions } from './run-command-options.ts';

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
  const jury = resolveJudges(judgesOption(options, config), config, io.env);
  const maxRetries = optionalNonNegativeInteger(options.maxRetries, '--max-retries') ?? 5;
  const timeoutSeconds = timeoutSecondsOption(options.timeout);
  const runConfig = readRunConfigOption(options, io);
  const planned = addExtraScorers(
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
  // The grader (--grader) joins the judges only when a planned run asks it by name.
  const { plans, judges } = withBatchOption(options, planned, [
    ...jury,
    ...graderJudge(options.grader, planned, config, io.env),
  ]);
  const batch = batchSettingsOption(options);
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
      ...(batch === undefined ? {} : { batch }),
    },
  };
}

/**
 * A release's runs that have their data: the others (gated and private data not given) are left
 * out with one line each saying what is missing and how to obtain it, so the rest of the release
 * runs.
 */
export async function plansWithData(
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
