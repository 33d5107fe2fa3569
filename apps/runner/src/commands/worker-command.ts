import { join, resolve } from 'node:path';
import { ConfigError } from '@medhelm/core';
import { BatchExecutor } from '@medhelm/engine';
import { MedHelmStore } from '@medhelm/store';
import { type CliIo, ExitCode } from '../cli-io.ts';
import type { RunnerServices } from '../composition-root.ts';
import type { NeededPlugins } from '../plugins/select-needed-plugins.ts';
import { importExecutorBullmq } from './import-executor-bullmq.ts';
import { parseInvocationManifest } from './invocation-manifest.ts';
import { neededPluginsForRun } from './needed-plugins-for-run.ts';
import { optionalNonNegativeNumber, optionalPositiveInteger } from './option-values.ts';
import { planRunCommand } from './plan-run-command.ts';
import type { PluginSelectionOptions } from './plugin-selection.ts';
import type { RunCommandOptions } from './run-command-options.ts';

/** Options of `medhelm worker`, as commander parses them. */
export interface WorkerCommandOptions {
  redisUrl: string;
  queue?: string;
  /** Batches at once (default 2). */
  jobs?: string;
  /** This worker's output folder (its request cache, and downloads); default: the coordinator's path. */
  outputPath?: string;
  /** This worker's copy of the data, instead of the coordinator's `--data-dir` path. */
  dataDir?: string;
  /** Process what is queued, then exit (for batch schedulers). */
  once?: boolean;
  /** Seconds the running batches may take to finish after SIGTERM or Ctrl-C (default 30). */
  grace?: string;
}

/**
 * `medhelm worker`: takes batches of `medhelm run --executor bullmq` invocations from the queue,
 * runs them, and returns each batch's checkpoints to the coordinator through Redis (nothing is
 * shared on disk; its output folder holds only its own request cache). Each invocation is planned
 * from its manifest exactly as the coordinator planned it (the same plugins, models file and run
 * config, paths resolved against the coordinator's directory unless `--data-dir` names this
 * machine's copy of the data), with this machine's environment for API keys. Ctrl-C or SIGTERM:
 * no new batch is taken, the running ones may finish within `--grace`, the rest go back to the
 * queue, and it exits 0; with Redis unreachable it exits 2 at once. `--once` exits 0 once the
 * queue is empty.
 */
export async function workerCommand(
  options: WorkerCommandOptions,
  io: CliIo,
  servicesFor: (selection: PluginSelectionOptions, needed: NeededPlugins) => Promise<RunnerServices>,
): Promise<number> {
  const { BatchWorker } = await importExecutorBullmq();
  const jobs = optionalPositiveInteger(options.jobs, '--jobs');
  const graceSeconds = optionalNonNegativeNumber(options.grace, '--grace');
  const worker = await BatchWorker.start({
    redisUrl: options.redisUrl,
    ...(options.queue === undefined ? {} : { queueName: options.queue }),
    ...(jobs === undefined ? {} : { jobs }),
    ...(options.once === true ? { once: true } : {}),
    log: (message) => io.stderr.write(`${message}\n`),
    openInvocation: async (manifest, { createLimiter, budget }) => {
      const invocation = parseInvocationManifest(manifest);
      const invocationIo: CliIo = { ...io, cwd: invocation.cwd };
      const runOptions = workerRunOptions(invocation.options, options, io.cwd);
      const services = await servicesFor(runOptions, neededPluginsForRun(runOptions, invocationIo));
      const planned = planRunCommand(services, runOptions, invocationIo);
      if (planned.maxCostUsd !== undefined && budget === undefined) {
        throw new ConfigError(
          'The invocation has --max-cost, but its budget is not in Redis (its coordinator has ended).',
        );
      }
      const store = MedHelmStore.open({ path: join(planned.outputPath, 'cache', 'medhelm.sqlite') });
      try {
        const executor = await BatchExecutor.open(
          { providers: services.providers, environment: io.env, store, requestCache: store.requestCache },
          planned.plans,
          { ...planned.evaluation, createLimiter, ...(budget === undefined ? {} : { budget }) },
        );
        io.stderr.write(
          `Invocation of ${planned.plans.length} run(s); this worker's request cache: ${planned.outputPath}.\n`,
        );
        return {
          execute: (batch, hooks) => executor.execute(batch, hooks),
          close: async () => {
            await executor.close();
            await Promise.all(services.providers.list().map((provider) => provider.close?.()));
            store.close();
          },
        };
      } catch (error) {
        store.close();
        throw error;
      }
    },
  });
  const signal = io.signal ?? new AbortController().signal;
  const stoppedOnItsOwn = await Promise.race([
    worker.stopped,
    new Promise<undefined>((resolve) => {
      if (signal.aborted) resolve(undefined);
      signal.addEventListener('abort', () => resolve(undefined), { once: true });
    }),
  ]);
  const closed = await worker.close(graceSeconds === undefined ? undefined : graceSeconds * 1000);
  if (stoppedOnItsOwn?.reason === 'redis-lost') {
    io.stderr.write(`error: ${stoppedOnItsOwn.message}\n`);
    return ExitCode.error;
  }
  // Stopped while Redis was unreachable: its batches could neither finish nor be handed back.
  return closed === 'abandoned' ? ExitCode.error : ExitCode.ok;
}

/**
 * The coordinator's run options as this worker plans with them: its own output folder (request
 * cache, downloads) and its own copy of the data when given.
 */
function workerRunOptions(
  coordinator: RunCommandOptions,
  options: WorkerCommandOptions,
  cwd: string,
): RunCommandOptions {
  return {
    ...coordinator,
    ...(options.outputPath === undefined ? {} : { outputPath: resolve(cwd, options.outputPath) }),
    ...(options.dataDir === undefined ? {} : { dataDir: resolve(cwd, options.dataDir), sample: false }),
  };
}
