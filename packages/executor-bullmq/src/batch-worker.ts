import type { BatchExecutor, ExecutionTally, InstanceSource } from '@medhelm/engine';
import type { RateLimiter, RateLimiterOptions } from '@medhelm/http';

/** An invocation's runs as a worker executes them: the engine's BatchExecutor, and whatever else to close. */
export type InvocationBatches = Pick<BatchExecutor, 'execute' | 'close'>;

import { Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { BATCH_JOB_NAME, parseBatchJobData } from './batch-job.ts';
import { loadInvocation } from './invocation-manifest.ts';
import {
  DEFAULT_QUEUE_NAME,
  LOCK_DURATION_MS,
  MAX_STALLED_COUNT,
  PROGRESS_INTERVAL_MS,
  STALLED_INTERVAL_MS,
} from './queue-settings.ts';
import { connectRedis, redactRedisUrl } from './redis-connection.ts';
import { sharedRateLimiters } from './shared-rate-limiter.ts';

/** How a worker reaches the queue, and how it turns an invocation's manifest into runs. */
export interface BatchWorkerOptions {
  redisUrl: string;
  /** The BullMQ queue (default `medhelm-batches`): the coordinator's. */
  queueName?: string;
  /** Batches this worker runs at once (default 2: the next starts while one's last calls finish). */
  jobs?: number;
  /**
   * Plans the runs of an invocation from its manifest, as the coordinator did (the runner: the same
   * plugins, models and data), with limiters that share requests and tokens per minute in Redis.
   */
  openInvocation(
    manifest: string,
    createLimiter: (key: string, options: RateLimiterOptions) => RateLimiter,
  ): Promise<InvocationBatches>;
  /** Where to say what the worker does (stderr in the CLI). */
  log?: (message: string) => void;
}

/**
 * A worker of `--executor bullmq`: takes batches from the queue, runs each through the engine's
 * BatchExecutor into the shared store, reports progress at most every half second, and returns
 * the batch's tally to the coordinator. Invocations are planned once per worker. `close` stops
 * taking batches and resolves once the ones running have finished.
 */
export class BatchWorker {
  readonly #invocations = new Map<string, Promise<InvocationBatches>>();

  private constructor(
    private readonly redis: Redis,
    private readonly worker: Worker,
    private readonly options: BatchWorkerOptions,
  ) {}

  static async start(options: BatchWorkerOptions): Promise<BatchWorker> {
    const queueName = options.queueName ?? DEFAULT_QUEUE_NAME;
    const redis = await connectRedis(options.redisUrl);
    const connection = await connectRedis(options.redisUrl);
    let self: BatchWorker | undefined;
    const worker = new Worker(
      queueName,
      async (job) => {
        if (job.name !== BATCH_JOB_NAME)
          throw new Error(`Job ${job.id} is not a MedHELM batch (name ${job.name}).`);
        return (self as BatchWorker).runBatch(job.id, job.data, (counts) => job.updateProgress(counts));
      },
      {
        connection,
        concurrency: options.jobs ?? 2,
        lockDuration: LOCK_DURATION_MS,
        stalledInterval: STALLED_INTERVAL_MS,
        maxStalledCount: MAX_STALLED_COUNT,
        autorun: false,
      },
    );
    worker.on('error', (error) => options.log?.(`worker: ${error.message}`));
    self = new BatchWorker(redis, worker, options);
    void worker.run().catch((error: unknown) => options.log?.(`worker stopped: ${String(error)}`));
    await worker.waitUntilReady();
    options.log?.(
      `Worker on queue ${queueName} at ${redactRedisUrl(options.redisUrl)}, ${options.jobs ?? 2} batch(es) at once.`,
    );
    return self;
  }

  /** Stops taking batches; resolves once the running ones have finished and the models are closed. */
  async close(): Promise<void> {
    await this.worker.close();
    const executors = await Promise.allSettled(this.#invocations.values());
    this.#invocations.clear();
    for (const executor of executors) if (executor.status === 'fulfilled') await executor.value.close();
    await this.worker.disconnect();
    this.redis.disconnect();
  }

  private async runBatch(
    jobId: string | undefined,
    data: unknown,
    sendProgress: (counts: Record<InstanceSource, number>) => Promise<void>,
  ): Promise<ExecutionTally> {
    const batch = parseBatchJobData(data, jobId);
    const executor = await this.executorOf(batch.invocation);
    const counts: Record<InstanceSource, number> = { model: 0, cache: 0, checkpoint: 0, failed: 0 };
    let lastSent = 0;
    const tally = await executor.execute(batch, {
      onInstanceDone: (source) => {
        counts[source]++;
        const now = Date.now();
        if (now - lastSent >= PROGRESS_INTERVAL_MS) {
          lastSent = now;
          void sendProgress({ ...counts }).catch(() => {});
        }
      },
    });
    this.options.log?.(
      `${batch.runName} instances ${batch.start}–${batch.end - 1}: ${tally.counts.model} from the model, ${tally.counts.cache} cached, ${tally.counts.checkpoint} already done, ${tally.counts.failed} failed.`,
    );
    return tally;
  }

  private executorOf(invocation: string): Promise<InvocationBatches> {
    let executor = this.#invocations.get(invocation);
    if (executor === undefined) {
      const queuePrefix = `medhelm:${this.options.queueName ?? DEFAULT_QUEUE_NAME}`;
      executor = loadInvocation(this.redis, queuePrefix, invocation).then((manifest) =>
        this.options.openInvocation(manifest, sharedRateLimiters(this.redis, `${queuePrefix}:limits`)),
      );
      // An invocation that could not be opened is tried again with its next batch.
      executor.catch(() => this.#invocations.delete(invocation));
      this.#invocations.set(invocation, executor);
    }
    return executor;
  }
}
