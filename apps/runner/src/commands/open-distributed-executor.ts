import { ConfigError } from '@medhelm/core';
import type { DistributedExecutor } from '@medhelm/engine';
import type { CliIo } from '../cli-io.ts';
import { importExecutorBullmq } from './import-executor-bullmq.ts';
import { invocationManifest } from './invocation-manifest.ts';
import { optionalPositiveInteger } from './option-values.ts';
import type { RunCommandOptions } from './run-command-options.ts';

/**
 * The coordinator of `--executor bullmq` (its batches on a BullMQ queue, run by `medhelm worker`
 * processes, their checkpoints returned through Redis into this store), or undefined for the
 * default in-process executor. The executor package is imported only here, when asked for.
 */
export async function openDistributedExecutor(
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
    ...(options.globalConcurrency === true ? { globalConcurrency: true } : {}),
    log: (message) => io.stderr.write(`${message}\n`),
  });
}
