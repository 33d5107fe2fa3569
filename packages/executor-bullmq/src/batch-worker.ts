import { hostname } from 'node:os';
import type {
  BatchResult,
  CheckpointRecord,
  CostBudget,
  InstanceBatch,
  InstanceSource,
} from '@medhelm/engine';
import type { RateLimiter, RateLimiterOptions } from '@medhelm/http';
import { type Job, Queue, WaitingError, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { BATCH_JOB_NAME, parseBatchJobData, resumeKey } from './batch-job.ts';
import { loadInvocation, loadSharedLimits } from './invocation-manifest.ts';
import {
  DEFAULT_GRACE_MS,
  DEFAULT_QUEUE_NAME,
  LOCK_DURATION_MS,
  MAX_STALLED_COUNT,
  ONCE_POLL_MS,
  PROGRESS_INTERVAL_MS,
  STALLED_INTERVAL_MS,
  WORKER_RECONNECT_ATTEMPTS,
} from './queue-settings.ts';
import { connectRedis, redactRedisUrl } from './redis-connection.ts';
import { RedisCostBudget } from './redis-cost-budget.ts';
import { settlesWithin } from './settles-within.ts';
import { sharedRateLimiters } from './shared-rate-limiter.ts';
import { WorkerHealth } from './worker-health.ts';

/** An invocation's runs as a worker executes them: a batch in, its result (checkpoints included) out. */
export interface InvocationBatches {
  execute(
    batch: InstanceBatch,
    hooks: {
      signal?: AbortSignal;
      onInstanceDone?: (source: InstanceSource) => void;
      /** The coordinator's checkpoints of a resumed batch. */
      checkpoints?: readonly CheckpointRecord[];
    },
  ): Promise<BatchResult>;
  close(): Promise<void>;
}

/** What the coordinator shares with the workers of an invocation through Redis. */
export interface SharedInvocationLimits {
  /** Deployment limiters counting requests, tokens, 429 pauses (and maybe calls in flight) across workers. */
  createLimiter: (key: string, options: RateLimiterOptions) => RateLimiter;
  /** The invocation's `--max-cost` budget; undefined when it has none. */
  budget: CostBudget | undefined;
}

/** How a worker reaches the queue, and how it turns an invocation's manifest into runs. */
export interface BatchWorkerOptions {
  redisUrl: string;
  /** The BullMQ queue (default `medhelm-batches`): the coordinator's. */
  queueName?: string;
  /** Batches this worker runs at once (default 2: the next starts while one's last calls finish). */
  jobs?: number;
  /** Process what is queued, then stop on its own (`medhelm worker --once`, for batch schedulers). */
  once?: boolean;
  /**
   * Plans the runs of an invocation from its manifest, as the coordinator did (the runner: the same
   * plugins, models and planning; this machine's data and keys), with the limits it shares.
   */
  openInvocation(manifest: string, shared: SharedInvocationLimits): Promise<InvocationBatches>;
  /** Where to say what the worker does (stderr in the CLI). */
  log?: (message: string) => void;
}

/** Why a worker stopped on its own. */
export interface WorkerStopped {
  /** `drained`: `--once` found nothing left; `redis-lost`: Redis stayed unreachable. */
  reason: 'drained' | 'redis-lost';
  message: string;
}

interface RunningBatch {
  job: Job;
  token: string | undefined;
  stop: AbortController;
}

/**
 * A worker of `--executor bullmq`: takes batches from the queue, runs each through the engine's
 * BatchExecutor (its own request cache, no shared disk), reports progress at most every half
 * second, and returns each batch's tally and checkpoints to the coordinator as the job's result.
 * Invocations are planned once per worker. It logs one line per change of state. `close` stops
 * taking batches, lets the running ones finish within a grace period and hands the others back
 * to the queue; `stopped` settles when it stops on its own (Redis lost, or `once` drained).
 */
export class BatchWorker {
  readonly #invocations = new Map<string, Promise<InvocationBatches>>();
  readonly #running = new Map<string, RunningBatch>();
  readonly #health: WorkerHealth;
  readonly #queuePrefix: string;
  #stoppedOnItsOwn: (stopped: WorkerStopped) => void = () => {};
  #drainTimer: NodeJS.Timeout | undefined;
  /** Settles once the worker stopped on its own; never while it works. */
  readonly stopped: Promise<WorkerStopped>;

  private constructor(
    private readonly redis: Redis,
    private readonly connection: Redis,
    private readonly worker: Worker,
    private readonly options: BatchWorkerOptions,
  ) {
    this.#health = new WorkerHealth(options.log ?? (() => {}));
    this.#queuePrefix = `medhelm:${options.queueName ?? DEFAULT_QUEUE_NAME}`;
    this.stopped = new Promise((resolve) => {
      this.#stoppedOnItsOwn = resolve;
    });
  }

  static async start(options: BatchWorkerOptions): Promise<BatchWorker> {
    const queueName = options.queueName ?? DEFAULT_QUEUE_NAME;
    const reconnect = { reconnectAttempts: WORKER_RECONNECT_ATTEMPTS };
    const redis = await connectRedis(options.redisUrl, reconnect);
    const connection = await connectRedis(options.redisUrl, reconnect);
    let self: BatchWorker | undefined;
    const worker = new Worker(
      queueName,
      async (job, token) => {
        if (job.name !== BATCH_JOB_NAME)
          throw new Error(`Job ${job.id} is not a MedHELM batch (name ${job.name}).`);
        return (self as BatchWorker).runBatch(job, token);
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
    const started = new BatchWorker(redis, connection, worker, options);
    self = started;
    started.watchRedis(queueName);
    started.#health.set(
      'waiting',
      `queue ${queueName} at ${redactRedisUrl(options.redisUrl)}, ${options.jobs ?? 2} batch(es) at once${options.once === true ? ', until the queue is empty (--once)' : ''}.`,
    );
    void worker.run().catch((error: unknown) => started.lost(String(error)));
    await worker.waitUntilReady();
    if (options.once === true) started.watchForEmptyQueue(queueName);
    return started;
  }

  /**
   * Stops taking batches; the running ones may finish for `graceMs` (default 30 s), then those
   * still running are handed back to the queue (another worker takes them) and the models closed.
   * Without Redis nothing can finish or be handed back: it returns at once (the batches' locks
   * expire and other workers take them). Resolves with how it ended: `finished` (every batch it
   * took is done), `handed-back`, or `abandoned` (Redis unreachable).
   */
  async close(graceMs = DEFAULT_GRACE_MS): Promise<'finished' | 'handed-back' | 'abandoned'> {
    clearInterval(this.#drainTimer);
    const reachable = this.connection.status === 'ready' && this.redis.status === 'ready';
    const running = this.#running.size;
    this.#health.set(
      'stopping',
      !reachable
        ? `Redis is unreachable, so ${running} running batch(es) are left to expire and be taken by another worker.`
        : running === 0
          ? 'no batch running.'
          : `no new batch is taken; ${running} running batch(es) may finish within ${Math.round(graceMs / 1000)} s.`,
    );
    const finishing = this.worker.close();
    finishing.catch(() => {});
    const finished = reachable && (await settlesWithin(finishing, graceMs));
    if (!finished) await this.handBack(reachable);
    await settlesWithin(this.closeInvocations(), finished ? Number.POSITIVE_INFINITY : 5_000);
    // Without Redis, BullMQ's disconnect waits for connections that never come back: not awaited.
    await settlesWithin(this.worker.disconnect(), reachable ? 2_000 : 0);
    this.connection.disconnect();
    this.redis.disconnect();
    const outcome = finished ? 'finished' : reachable ? 'handed-back' : 'abandoned';
    this.#health.set(
      'stopped',
      outcome === 'finished'
        ? 'every batch it took is done.'
        : outcome === 'handed-back'
          ? 'its unfinished batches are back in the queue.'
          : 'Redis was unreachable.',
    );
    return outcome;
  }

  /** The running batches stopped, and put back in the queue when Redis answers. */
  private async handBack(reachable: boolean): Promise<void> {
    for (const [id, running] of this.#running) {
      running.stop.abort(new Error('the worker stopped'));
      if (reachable) {
        let moved = false;
        const handing = running.job.moveToWait(running.token).then(() => {
          moved = true;
        });
        await settlesWithin(handing, 2_000);
        this.options.log?.(`batch ${id}: ${moved ? 'handed back to the queue' : 'left to expire'}.`);
      }
    }
  }

  private async closeInvocations(): Promise<void> {
    const executors = await Promise.allSettled(this.#invocations.values());
    this.#invocations.clear();
    for (const executor of executors) if (executor.status === 'fulfilled') await executor.value.close();
  }

  /** One health line per change of the connection's state; a connection given up on stops the worker. */
  private watchRedis(queueName: string): void {
    const url = redactRedisUrl(this.options.redisUrl);
    for (const client of [this.redis, this.connection]) {
      client.on('error', (error: Error) => {
        if (this.#health.state === 'stopping' || this.#health.state === 'stopped') return;
        this.#health.set('redis-unreachable', `${url}: ${error.message}; reconnecting for a few seconds.`);
      });
      client.on('ready', () => {
        if (this.#health.state === 'redis-unreachable')
          this.#health.set(this.#running.size > 0 ? 'working' : 'waiting', `Redis at ${url} answers again.`);
      });
      client.on('end', () => this.lost(`Redis at ${url} stayed unreachable; queue ${queueName} abandoned.`));
    }
    // BullMQ repeats connection errors every few seconds (the state above says it once); any
    // other error of its own is logged.
    this.worker.on('error', (error: Error) => {
      if (this.redis.status === 'ready' && this.connection.status === 'ready')
        this.options.log?.(`worker: ${error.message}`);
    });
  }

  private lost(message: string): void {
    if (this.#health.state === 'stopping' || this.#health.state === 'stopped') return;
    this.#stoppedOnItsOwn({ reason: 'redis-lost', message });
  }

  /** `--once`: stops once nothing is waiting or delayed in the queue and no batch runs here. */
  private watchForEmptyQueue(queueName: string): void {
    const queue = new Queue(queueName, { connection: this.redis });
    let looking = false;
    this.#drainTimer = setInterval(() => {
      if (looking || this.#running.size > 0) return;
      looking = true;
      queue
        .getJobCounts('waiting', 'prioritized', 'delayed')
        .then((counts) => {
          const queued = Object.values(counts).reduce((total, count) => total + count, 0);
          if (queued === 0 && this.#running.size === 0)
            this.#stoppedOnItsOwn({ reason: 'drained', message: `nothing is left in queue ${queueName}.` });
        })
        .catch(() => {})
        .finally(() => {
          looking = false;
        });
    }, ONCE_POLL_MS);
  }

  private async runBatch(job: Job, token: string | undefined): Promise<BatchResult> {
    const batch = parseBatchJobData(job.data, job.id);
    const id = job.id ?? '(no id)';
    const stop = new AbortController();
    this.#running.set(id, { job, token, stop });
    this.#health.set('working', `batch ${id} of ${batch.runName}.`);
    try {
      const executor = await this.executorOf(batch.invocation);
      const saved = batch.resume === true ? await this.savedCheckpointsOf(id) : [];
      const counts: Record<InstanceSource, number> = { model: 0, cache: 0, checkpoint: 0, failed: 0 };
      let lastSent = 0;
      const result = await executor.execute(batch, {
        signal: stop.signal,
        ...(saved.length === 0 ? {} : { checkpoints: saved }),
        onInstanceDone: (source) => {
          counts[source]++;
          const now = Date.now();
          if (now - lastSent >= PROGRESS_INTERVAL_MS) {
            lastSent = now;
            void job.updateProgress({ ...counts }).catch(() => {});
          }
        },
      });
      const { tally } = result;
      this.options.log?.(
        `${batch.runName} instances ${batch.start}–${batch.end - 1}: ${tally.counts.model} from the model, ${tally.counts.cache} cached, ${tally.counts.checkpoint} already done, ${tally.counts.failed} failed${result.stoppedForCost ? '; stopped at --max-cost' : ''}.`,
      );
      return result;
    } catch (error) {
      // Handed back by `close`: not a failed attempt.
      if (stop.signal.aborted) throw new WaitingError();
      // The coordinator reports the reason; the worker names itself, since workers may differ.
      throw new Error(`worker on ${hostname()}: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      this.#running.delete(id);
      if (this.#running.size === 0 && this.#health.state === 'working')
        this.#health.set('waiting', 'no batch running.');
    }
  }

  /** A resumed batch's checkpoints, as its coordinator left them in Redis (none once expired). */
  private async savedCheckpointsOf(jobId: string): Promise<CheckpointRecord[]> {
    const text = await this.redis.get(resumeKey(this.#queuePrefix, jobId));
    return text === null ? [] : (JSON.parse(text) as CheckpointRecord[]);
  }

  private executorOf(invocation: string): Promise<InvocationBatches> {
    let executor = this.#invocations.get(invocation);
    if (executor === undefined) {
      executor = (async () => {
        const manifest = await loadInvocation(this.redis, this.#queuePrefix, invocation);
        const limits = await loadSharedLimits(this.redis, this.#queuePrefix, invocation);
        return this.options.openInvocation(manifest, {
          createLimiter: sharedRateLimiters(this.redis, `${this.#queuePrefix}:limits`, limits),
          budget: await RedisCostBudget.open(this.redis, this.#queuePrefix, invocation),
        });
      })();
      // An invocation that could not be opened is tried again with its next batch.
      executor.catch(() => this.#invocations.delete(invocation));
      this.#invocations.set(invocation, executor);
    }
    return executor;
  }
}
