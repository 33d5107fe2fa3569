import { join, resolve } from 'node:path';
import { ConfigError } from '@medhelm/core';
import {
  findRunDirectories,
  planRescore,
  type RunPlan,
  readCostLedger,
  readStoredRun,
  STORED_COMPLETION_PROVIDER_ID,
  type StoredRun,
  storedCompletionProvider,
} from '@medhelm/engine';
import { loadModelsFile } from '@medhelm/model-config';
import { createDisabledRequestCache, MedHelmStore } from '@medhelm/store';
import { type CliIo, ExitCode } from '../cli-io.ts';
import type { RunnerServices } from '../composition-root.ts';
import { ProgressReporter } from '../output/progress-reporter.ts';
import { resultsTable, suiteCostLine } from '../output/results-table.ts';
import { addExtraScorers, EVERY_BENCHMARK } from '../plugins/add-extra-scorers.ts';
import type { NeededPlugins } from '../plugins/select-needed-plugins.ts';
import { type BatchOptionValues, batchedJudges, batchSettingsOption } from './batch-options.ts';
import { dataSourceOf } from './data-source-option.ts';
import { failedRun } from './failed-run.ts';
import { openBatchesDecision } from './open-batches-decision.ts';
import {
  optionalNonNegativeInteger,
  optionalNonNegativeNumber,
  optionalPositiveInteger,
  shareOption,
  splitList,
  timeoutSecondsOption,
} from './option-values.ts';
import { type PluginSelectionOptions, readRunConfigOption } from './plugin-selection.ts';
import { redactCommandLine } from './redact-command-line.ts';
import { resolveJudges } from './resolve-judges.ts';

/** Options of `medhelm rescore`, as commander parses them. */
export interface RescoreCommandOptions extends PluginSelectionOptions, BatchOptionValues {
  suite: string;
  outputPath: string;
  /** `--judges name=model,...`: judge the stored answers anew; without it the stored verdicts are scored. */
  judges?: string;
  modelsFile?: string;
  /** `--scorers <ids>`: extra scorers for every rescored run. */
  scorers?: string;
  dataDir?: string;
  sample?: boolean;
  concurrency?: string;
  maxRetries: string;
  timeout: string;
  cache: boolean;
  maxCost?: string;
  maxInvalidJudgeReplies?: string;
  allowExternalData?: boolean;
}

/** The finished runs `medhelm rescore` was given: each run directory, or each run of a suite folder. */
export async function readStoredRuns(sources: readonly string[], io: CliIo): Promise<StoredRun[]> {
  const directories = sources.flatMap((source) => findRunDirectories(resolve(io.cwd, source)));
  const runs: StoredRun[] = [];
  for (const directory of directories) runs.push(await readStoredRun(directory));
  return runs;
}

/**
 * The plugins a rescore needs: the benchmarks its runs name (medhelm_run.json, else the run name's
 * prefix: a HELM scenario name no manifest lists loads every benchmark, to be matched by class),
 * the judges' providers, and the extra scorers.
 */
export function neededPluginsForRescore(
  runs: readonly StoredRun[],
  options: RescoreCommandOptions,
  io: CliIo,
): NeededPlugins {
  const config =
    options.modelsFile === undefined ? undefined : loadModelsFile(resolve(io.cwd, options.modelsFile));
  const runConfig = readRunConfigOption(options, io);
  return {
    benchmark: [
      ...new Set(
        runs.map((run) =>
          run.writer.by === 'medhelm' ? run.writer.benchmarkId : (run.runName.split(':')[0] as string),
        ),
      ),
    ],
    provider: [
      ...new Set(resolveJudges(options.judges, config, io.env).map((judge) => judge.deployment.providerId)),
    ],
    scorer: [...new Set([...splitList(options.scorers), ...Object.values(runConfig?.scorers ?? {}).flat()])],
  };
}

/**
 * `medhelm rescore <run-dir|suite-dir>... --suite <name>`: scores the answers finished runs stored
 * (HELM-written or ours) with today's scorers, corrected metrics and extra scorers, and with
 * `--judges` a new jury, into new run directories of `--suite`. No candidate model is called: the
 * engine runs each as a normal run whose model is the stored-completion model, so checkpoints,
 * the cache, limits, the jury's cost and provenance work as in `medhelm run`.
 */
export async function rescoreCommand(
  services: RunnerServices,
  runs: readonly StoredRun[],
  options: RescoreCommandOptions,
  io: CliIo,
): Promise<number> {
  const config =
    options.modelsFile === undefined ? undefined : loadModelsFile(resolve(io.cwd, options.modelsFile));
  // With --batch, the new jury's calls go through the judges' batch APIs (the stored answers need no call).
  const judges = batchedJudges(options, resolveJudges(options.judges, config, io.env));
  const batch = batchSettingsOption(options);
  const concurrency = optionalPositiveInteger(options.concurrency, '--concurrency');
  const maxCostUsd = optionalNonNegativeNumber(options.maxCost, '--max-cost');
  const outputPath = resolve(io.cwd, options.outputPath);
  const suiteDirectory = join(outputPath, 'runs', options.suite);
  if (!services.providers.has(STORED_COMPLETION_PROVIDER_ID))
    services.providers.register(storedCompletionProvider(runs), '@medhelm/engine (medhelm rescore)');
  const plans = rescorePlans(services, runs, options, io, {
    judges: judges.length > 0,
    ...(concurrency === undefined ? {} : { concurrency }),
  });
  checkSourcesKept(plans, suiteDirectory);
  for (const run of runs) {
    if (run.leftOut.length > 0)
      io.stderr.write(
        `note: ${run.runName}: ${run.leftOut.length} request state(s) without an answer are left out.\n`,
      );
  }

  const store = MedHelmStore.open({ path: join(outputPath, 'cache', 'medhelm.sqlite') });
  const scope = services.evaluation({
    store,
    requestCache: options.cache ? store.requestCache : createDisabledRequestCache(),
    observer: new ProgressReporter(io),
  });
  try {
    const outcomes = await scope.evaluator.runAll(plans, {
      suite: options.suite,
      outputPath,
      dataSource: dataSourceOf(options, io, outputPath),
      retry: {
        maxRetries: optionalNonNegativeInteger(options.maxRetries, '--max-retries') ?? 5,
      },
      ...(judges.length === 0 ? {} : { judges }),
      maxInvalidJudgeReplies: shareOption(options.maxInvalidJudgeReplies, '--max-invalid-judge-replies'),
      allowExternalData: options.allowExternalData === true,
      providerSettings: {
        timeoutMs: timeoutSecondsOption(options.timeout) * 1000,
      },
      provenance: services.provenance(redactCommandLine(['medhelm', ...(io.argv ?? [])])),
      batch: { ...batch, decideOnOpenBatches: openBatchesDecision(io) },
      ...(maxCostUsd === undefined ? {} : { maxCostUsd }),
      ...(io.signal === undefined ? {} : { signal: io.signal }),
    });
    io.stdout.write(
      `\n${resultsTable(outcomes)}\n${suiteCostLine(options.suite, await readCostLedger(suiteDirectory))}\n\nRescored run directories: ${suiteDirectory}\n`,
    );
    if (outcomes.some((outcome) => outcome.stoppedBy === 'max-cost')) return ExitCode.costLimit;
    if (outcomes.some((outcome) => outcome.interrupted) || outcomes.length < plans.length)
      return ExitCode.interrupted;
    return outcomes.some(failedRun) ? ExitCode.failedInstances : ExitCode.ok;
  } finally {
    await scope.dispose();
    store.close();
  }
}

/** One plan per finished run, with `--scorers` and the run config's extra scorers; run names must differ. */
function rescorePlans(
  services: RunnerServices,
  runs: readonly StoredRun[],
  options: RescoreCommandOptions,
  io: CliIo,
  settings: { judges: boolean; concurrency?: number },
): RunPlan[] {
  const registries = { benchmarks: services.benchmarks, providers: services.providers };
  const seen = new Map<string, string>();
  for (const run of runs) {
    const previous = seen.get(run.runName);
    if (previous !== undefined)
      throw new ConfigError(
        `${previous} and ${run.directory} are both run ${run.runName}; one would overwrite the other.`,
        {
          hint: 'Rescore them into different suites (--suite).',
        },
      );
    seen.set(run.runName, run.directory);
  }
  const plans = runs.map((run) => planRescore(run, registries, settings));
  const extra = splitList(options.scorers);
  const withFlag =
    extra.length === 0
      ? plans
      : addExtraScorers(plans, { path: '--scorers', scorers: { [EVERY_BENCHMARK]: extra } }, services);
  return addExtraScorers(withFlag, readRunConfigOption(options, io), services);
}

/** Rescoring into the source's own directory would replace the answers it reads: refused. */
function checkSourcesKept(plans: readonly RunPlan[], suiteDirectory: string): void {
  for (const plan of plans) {
    const source = plan.rescoredFrom?.directory;
    if (source !== undefined && resolve(source) === resolve(suiteDirectory, plan.runName)) {
      throw new ConfigError(`Rescoring ${source} into suite folder ${suiteDirectory} would overwrite it.`, {
        hint: 'Give another --suite (or -o): the rescored run is written beside its source, never over it.',
      });
    }
  }
}
