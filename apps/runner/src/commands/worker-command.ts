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
import { planRunCommand } from './plan-run-command.ts';
import type { PluginSelectionOptions } from './plugin-selection.ts';

/** Options of `medhelm worker`, as commander parses them. */
export interface WorkerCommandOptions {
  redisUrl: string;
  queue?: string;
  /** Batches at once (default 2). */
  jobs?: string;
  /** The shared output path (its store and request cache); default: the coordinator's. */
  outputPath?: string;
}

/**
 * `medhelm worker`: takes batches of `medhelm run --executor bullmq` invocations from the queue and
 * runs them into the shared store. Each invocation is planned from its manifest exactly as the
 * coordinator planned it (the same plugins, models file and run config, paths resolved against the
 * coordinator's directory), with this machine's environment for API keys. Ctrl-C or SIGTERM: no
 * new batch is taken, the running ones finish, and the worker exits 0.
 */
export async function workerCommand(
  options: WorkerCommandOptions,
  io: CliIo,
  servicesFor: (selection: PluginSelectionOptions, needed: NeededPlugins) => Promise<RunnerServices>,
): Promise<number> {
  const { BatchWorker } = await importExecutorBullmq();
  const jobs = options.jobs === undefined ? undefined : Number(options.jobs);
  if (jobs !== undefined && (!Number.isInteger(jobs) || jobs <= 0)) {
    throw new ConfigError(`--jobs must be a positive integer, got "${options.jobs}".`);
  }
  const worker = await BatchWorker.start({
    redisUrl: options.redisUrl,
    ...(options.queue === undefined ? {} : { queueName: options.queue }),
    ...(jobs === undefined ? {} : { jobs }),
    log: (message) => io.stderr.write(`${message}\n`),
    openInvocation: async (manifest, createLimiter) => {
      const invocation = parseInvocationManifest(manifest);
      const invocationIo: CliIo = { ...io, cwd: invocation.cwd };
      const runOptions =
        options.outputPath === undefined
          ? invocation.options
          : { ...invocation.options, outputPath: resolve(io.cwd, options.outputPath) };
      const services = await servicesFor(runOptions, neededPluginsForRun(runOptions, invocationIo));
      const planned = planRunCommand(services, runOptions, invocationIo);
      const store = MedHelmStore.open({ path: join(planned.outputPath, 'cache', 'medhelm.sqlite') });
      try {
        const executor = await BatchExecutor.open(
          { providers: services.providers, environment: io.env, store, requestCache: store.requestCache },
          planned.plans,
          { ...planned.evaluation, createLimiter },
        );
        io.stderr.write(`Invocation of ${planned.plans.length} run(s), store ${planned.outputPath}.\n`);
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
  if (io.signal !== undefined && !io.signal.aborted) {
    const signal = io.signal;
    await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
  }
  io.stderr.write('Stopping: no new batch is taken; the batches in flight finish first.\n');
  await worker.close();
  return ExitCode.ok;
}
