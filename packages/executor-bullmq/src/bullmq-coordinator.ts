import { ConfigError } from '@medhelm/core';
import {
  addTallies,
  type CheckpointRecord,
  type CostBudget,
  type DistributedExecutor,
  type DistributedRun,
  type ExecutionTally,
  emptyTally,
  type InstanceSource,
} from '@medhelm/engine';
import { type Job, Queue, QueueEvents } from 'bullmq';
import type { Redis } from 'ioredis';
import { BATCH_JOB_NAME, type BatchJobData, batchJobId, resumeKey } from './batch-job.ts';
import { batchResultFrom, countsOf } from './batch-result.ts';
import { publishInvocation } from './invocation-manifest.ts';
import {
  BATCH_ATTEMPTS,
  BATCH_BACKOFF_MS,
  CHECK_INTERVAL_MS,
  COST_STOP_WAIT_MS,
  DEFAULT_BATCH_SIZE,
  DEFAULT_QUEUE_NAME,
  DEFAULT_WORKER_TIMEOUT_MS,
  RESUME_TTL_SECONDS,
} from './queue-settings.ts';
import { connectRedis, redactRedisUrl } from './redis-connection.ts';
import { RedisCostBudget } from './redis-cost-budget.ts';

/** How the coordinator reaches the queue and cuts runs into batches. */
export interface BullMqCoordinatorOptions {
  redisUrl: string;
  /** The BullMQ queue (default `medhelm-batches`); workers must name the same. */
  queueName?: string;
  /**
   * The invocation's manifest (canonical JSON text): workers plan the same runs from it. Stored in
   * Redis once, under its SHA-256, which every batch job names.
   */
  manifest: string;
  /** Instances per batch (default 50). */
  batchSize?: number;
  /** Give up after this long without any batch starting, progressing or finishing (default 10 min). */
  workerTimeoutMs?: number;
  /** A deployment's `limits.concurrency` caps its calls across all workers together (`--global-concurrency`). */
  globalConcurrency?: boolean;
  /** Where to say what the coordinator waits for (stderr in the CLI). */
  log?: (message: string) => void;
}

const SOURCES: readonly InstanceSource[] = ['model', 'cache', 'checkpoint', 'failed'];

interface TrackedRun {
  run: DistributedRun;
  jobIds: readonly string[];
  outstanding: Set<string>;
  tally: ExecutionTally;
  /** Instances reported done per job and source (progress only ever moves forward). */
  reported: Map<string, Record<InstanceSource, number>>;
  /** Batches whose checkpoints are not saved yet: the run is done when none is left. */
  unsaved: number;
  /** The saves of finished batches' checkpoints, one after another. */
  saving: Promise<void>;
  /** Settled: batches finishing later are not saved (the engine has moved on). */
  settled: boolean;
  settle: (error?: unknown) => void;
}

/**
 * The coordinator's side of `--executor bullmq`: each run cut into batches of positions, queued as
 * BullMQ jobs with deterministic ids (see `batchJobId`), workers' progress relayed to the run's
 * observer, each finished batch's checkpoints saved into this process's store (they come back as
 * the job's return value: workers share no disk with it), and the batches' tallies summed once
 * all are saved. The run directory is then written by the engine from its store. Every few
 * seconds it checks that its batches still exist in Redis (an obliterated queue or a Redis
 * restarted without persistence is an error, not a wait forever) and gives up when no batch has
 * moved for `workerTimeoutMs`. `--max-cost` is a budget in Redis that every worker reserves from.
 */
export class BullMqCoordinator implements DistributedExecutor {
  readonly #runs = new Map<string, TrackedRun>();
  readonly #runOfJob = new Map<string, TrackedRun>();
  readonly #timer: NodeJS.Timeout;
  #lastActivity = Date.now();
  #checking = false;
  #budget: RedisCostBudget | undefined;
  /** A batch came back stopped by the shared `--max-cost` budget: every run stops. */
  #costStopped = false;

  private constructor(
    private readonly redis: Redis,
    private readonly eventsConnection: Redis,
    private readonly queue: Queue,
    private readonly events: QueueEvents,
    private readonly invocation: string,
    private readonly options: BullMqCoordinatorOptions,
  ) {
    events.on('active', ({ jobId }) => this.touch(jobId));
    events.on('progress', ({ jobId, data }) => {
      const tracked = this.touch(jobId);
      if (tracked !== undefined) this.report(tracked, jobId, countsOf(data));
    });
    events.on('completed', ({ jobId, returnvalue }) => {
      const tracked = this.touch(jobId);
      if (tracked !== undefined) this.completed(tracked, jobId, returnvalue);
    });
    events.on('failed', ({ jobId }) => {
      // A failed attempt may be retried: the job's state says whether it failed for good.
      if (this.touch(jobId) !== undefined) void this.check();
    });
    this.#timer = setInterval(() => void this.check(), CHECK_INTERVAL_MS);
    this.#timer.unref();
  }

  static async open(options: BullMqCoordinatorOptions): Promise<BullMqCoordinator> {
    const queueName = options.queueName ?? DEFAULT_QUEUE_NAME;
    const redis = await connectRedis(options.redisUrl);
    const eventsConnection = await connectRedis(options.redisUrl);
    const queue = new Queue(queueName, { connection: redis });
    const events = new QueueEvents(queueName, { connection: eventsConnection });
    await events.waitUntilReady();
    const invocation = await publishInvocation(
      redis,
      `medhelm:${queueName}`,
      options.manifest,
      options.globalConcurrency === true ? { globalConcurrency: true } : {},
    );
    const coordinator = new BullMqCoordinator(redis, eventsConnection, queue, events, invocation, options);
    const workers = (await queue.getWorkers()).length;
    options.log?.(
      workers > 0
        ? `Queue ${queueName} at ${redactRedisUrl(options.redisUrl)}: ${workers} worker(s) connected.`
        : `Queue ${queueName} at ${redactRedisUrl(options.redisUrl)}: no worker connected yet; start workers with \`medhelm worker --redis-url ${redactRedisUrl(options.redisUrl)} --queue ${queueName}\`.`,
    );
    return coordinator;
  }

  async executeRun(run: DistributedRun): Promise<ExecutionTally> {
    const batchSize = this.options.batchSize ?? DEFAULT_BATCH_SIZE;
    const batches: BatchJobData[] = [];
    for (let start = 0; start < run.total; start += batchSize) {
      batches.push({
        invocation: this.invocation,
        runName: run.plan.runName,
        start,
        end: Math.min(run.total, start + batchSize),
        total: run.total,
      });
    }
    const jobIds = batches.map((_, index) =>
      batchJobId(this.invocation, run.plan.runName, run.plan.benchmark.id, index),
    );
    if (!run.resuming) await this.removeStale(jobIds);
    else await this.publishSaved(run, batches, jobIds, batchSize);
    const done = new Promise<void>((resolve, reject) => {
      const tracked: TrackedRun = {
        run,
        jobIds,
        outstanding: new Set(jobIds),
        tally: emptyTally(),
        reported: new Map(),
        unsaved: jobIds.length,
        saving: Promise.resolve(),
        settled: false,
        settle: (error) => {
          tracked.settled = true;
          if (error === undefined) resolve();
          else reject(error);
        },
      };
      this.#runs.set(run.runKey, tracked);
      for (const id of jobIds) this.#runOfJob.set(id, tracked);
    });
    // Settled possibly before it is awaited below (a batch already failed): never unhandled.
    done.catch(() => {});
    await this.queue.addBulk(
      batches.map((data, index) => ({
        name: BATCH_JOB_NAME,
        data,
        opts: {
          jobId: jobIds[index] as string,
          attempts: BATCH_ATTEMPTS,
          backoff: { type: 'exponential', delay: BATCH_BACKOFF_MS },
          removeOnComplete: false,
          removeOnFail: false,
        },
      })),
    );
    this.#lastActivity = Date.now();
    run.onQueued();
    const onAbort = () => void this.stopRun(run.runKey);
    run.signal.addEventListener('abort', onAbort, { once: true });
    try {
      // Batches finished by an earlier coordinator of the same invocation are taken as they are.
      await this.check();
      if (run.total === 0) this.#runs.get(run.runKey)?.settle();
      await done;
      return (this.#runs.get(run.runKey) as TrackedRun).tally;
    } catch (error) {
      this.forget(run.runKey);
      throw error;
    } finally {
      run.signal.removeEventListener('abort', onAbort);
    }
  }

  async runWritten(runKey: string): Promise<void> {
    const tracked = this.forget(runKey);
    for (const id of tracked?.jobIds ?? []) {
      await this.queue.remove(id);
      await this.redis.del(resumeKey(this.queuePrefix, id));
    }
  }

  /**
   * A resumed run: the checkpoints this store holds of each batch wait in Redis for its worker,
   * which reuses them as an in-process resume does (no call made again for what was saved).
   */
  private async publishSaved(
    run: DistributedRun,
    batches: BatchJobData[],
    jobIds: readonly string[],
    batchSize: number,
  ): Promise<void> {
    const byBatch = new Map<number, CheckpointRecord[]>();
    for (const record of run.savedCheckpoints()) {
      const index = Math.floor(record.position / batchSize);
      byBatch.set(index, [...(byBatch.get(index) ?? []), record]);
    }
    for (const [index, records] of byBatch) {
      const batch = batches[index];
      if (batch === undefined) continue;
      await this.redis.set(
        resumeKey(this.queuePrefix, jobIds[index] as string),
        JSON.stringify(records),
        'EX',
        RESUME_TTL_SECONDS,
      );
      batch.resume = true;
    }
  }

  private get queuePrefix(): string {
    return `medhelm:${this.options.queueName ?? DEFAULT_QUEUE_NAME}`;
  }

  async openBudget(capPicoUsd: bigint): Promise<CostBudget> {
    this.#budget = await RedisCostBudget.create(this.redis, this.queuePrefix, this.invocation, capPicoUsd);
    return this.#budget;
  }

  async close(): Promise<void> {
    clearInterval(this.#timer);
    await this.#budget?.remove().catch(() => {});
    await this.events.close();
    await this.queue.close();
    this.eventsConnection.disconnect();
    this.redis.disconnect();
  }

  /**
   * Ctrl-C or `--max-cost`: the run's batches that no worker has taken are withdrawn, and those
   * already finished are taken. After Ctrl-C it ends with what is saved; at `--max-cost` it waits
   * (at most `COST_STOP_WAIT_MS`) for the batches workers hold, which stop at the exhausted budget
   * once their calls in flight return: what was paid for is saved for a resume.
   */
  private async stopRun(runKey: string): Promise<void> {
    const tracked = this.#runs.get(runKey);
    if (tracked === undefined) return;
    for (const id of [...tracked.outstanding]) {
      const state = await this.queue.getJobState(id).catch(() => 'unknown');
      if (state === 'completed') {
        const job = await this.queue.getJob(id).catch(() => undefined);
        if (job !== undefined) this.completed(tracked, id, job.returnvalue);
      } else if (state !== 'active' && (await this.queue.remove(id).catch(() => 0)) === 1) {
        tracked.outstanding.delete(id);
        tracked.unsaved--;
      }
    }
    await tracked.saving;
    if (!this.#costStopped || tracked.unsaved === 0) {
      tracked.settle();
      return;
    }
    setTimeout(() => tracked.settle(), COST_STOP_WAIT_MS).unref();
  }

  /** Jobs of an earlier, finished invocation with the same ids (its store since removed). */
  private async removeStale(jobIds: readonly string[]): Promise<void> {
    for (const id of jobIds) {
      if ((await this.queue.getJob(id)) === undefined) continue;
      if ((await this.queue.remove(id)) === 0) {
        throw new ConfigError(
          `Batch ${id} of an earlier invocation of the same runs is still held by a worker, and this store has no checkpoints of it.`,
          { hint: 'Wait for that worker to finish it, or stop it, then run the command again.' },
        );
      }
    }
  }

  /** Stops tracking a run (its jobs stay in Redis). */
  private forget(runKey: string): TrackedRun | undefined {
    const tracked = this.#runs.get(runKey);
    this.#runs.delete(runKey);
    for (const id of tracked?.jobIds ?? []) this.#runOfJob.delete(id);
    return tracked;
  }

  private touch(jobId: string): TrackedRun | undefined {
    const tracked = this.#runOfJob.get(jobId);
    if (tracked !== undefined) this.#lastActivity = Date.now();
    return tracked;
  }

  /** Relays a batch's progress as instances done, each source moving forward only. */
  private report(
    tracked: TrackedRun,
    jobId: string,
    counts: Record<InstanceSource, number> | undefined,
  ): void {
    if (counts === undefined) return;
    const previous = tracked.reported.get(jobId) ?? { model: 0, cache: 0, checkpoint: 0, failed: 0 };
    for (const source of SOURCES) {
      for (let count = previous[source]; count < counts[source]; count++) tracked.run.onInstanceDone(source);
      previous[source] = Math.max(previous[source], counts[source]);
    }
    tracked.reported.set(jobId, previous);
  }

  /**
   * A finished batch: its checkpoints saved into the store (one batch after another), then its
   * tally counted; a batch stopped by the shared budget stops the invocation.
   */
  private completed(tracked: TrackedRun, jobId: string, returnvalue: unknown): void {
    if (!tracked.outstanding.has(jobId) || tracked.settled) return;
    const result = batchResultFrom(returnvalue);
    if (result === undefined) {
      tracked.settle(
        new Error(
          `Batch ${jobId} of run ${tracked.run.plan.runName} returned no checkpoints and tally: is every worker a medhelm worker of this version?`,
        ),
      );
      return;
    }
    tracked.outstanding.delete(jobId);
    tracked.saving = tracked.saving
      .then(async () => {
        if (tracked.settled) return;
        await tracked.run.save(result.checkpoints);
        this.report(tracked, jobId, result.tally.counts);
        tracked.tally = addTallies(tracked.tally, result.tally);
        if (result.stoppedForCost) {
          this.#costStopped = true;
          tracked.run.onCostCap();
        }
        tracked.unsaved--;
        if (tracked.unsaved === 0) tracked.settle();
      })
      .catch((error: unknown) => tracked.settle(error));
  }

  /**
   * Polls the state of every outstanding batch (events may be missed while a connection drops):
   * finished ones are taken, a batch failed for good fails its run, a batch gone from Redis fails
   * its run, and no movement for `workerTimeoutMs` fails every run.
   */
  private async check(): Promise<void> {
    if (this.#checking) return;
    this.#checking = true;
    try {
      for (const tracked of [...this.#runs.values()]) {
        for (const id of [...tracked.outstanding]) {
          // The state first, then the job: a job read before it completed has no return value yet.
          const state = await this.queue.getJobState(id);
          const job =
            state === 'unknown'
              ? undefined
              : ((await this.queue.getJob(id)) as Job<BatchJobData> | undefined);
          if (job === undefined) {
            tracked.settle(
              new Error(
                `Batch ${id} of run ${tracked.run.plan.runName} is gone from Redis: the queue was removed or Redis restarted without persistence. Run the same command again to resume; finished instances are kept.`,
              ),
            );
            break;
          }
          if (state === 'completed') this.completed(tracked, id, job.returnvalue);
          else if (state === 'failed') {
            tracked.settle(
              new Error(
                `Batch ${id} (instances ${job.data.start}–${job.data.end - 1}) of run ${tracked.run.plan.runName} failed on a worker after ${job.attemptsMade} attempt(s): ${job.failedReason}`,
              ),
            );
            break;
          }
        }
      }
      const waiting = [...this.#runs.values()].some((tracked) => tracked.outstanding.size > 0);
      const timeoutMs = this.options.workerTimeoutMs ?? DEFAULT_WORKER_TIMEOUT_MS;
      if (waiting && Date.now() - this.#lastActivity > timeoutMs) {
        const error = new ConfigError(
          `No worker started, advanced or finished a batch for ${Math.round(timeoutMs / 1000)} s.`,
          {
            hint: `Start workers with \`medhelm worker --redis-url ${redactRedisUrl(this.options.redisUrl)}\` (same plugins, models file and data as here), or raise --worker-timeout. Finished instances are kept: the same command resumes.`,
          },
        );
        for (const tracked of this.#runs.values()) tracked.settle(error);
      }
    } finally {
      this.#checking = false;
    }
  }
}
