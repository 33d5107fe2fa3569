import { randomUUID } from 'node:crypto';
import type {
  BatchResult,
  CheckpointRecord,
  DistributedRun,
  ExecutionTally,
  InstanceBatch,
  InstanceSource,
  RunPlan,
} from '@medhelm/engine';
import { emptyTally } from '@medhelm/engine';
import { testRedisUrl } from '@medhelm/testing';
import { REDIS_SKIP_NOTE } from '@medhelm/testing/internal';
import { Queue } from 'bullmq';
import { afterEach, describe, expect, it } from 'vitest';
import { BatchWorker } from '../src/batch-worker.ts';
import { BullMqCoordinator } from '../src/bullmq-coordinator.ts';
import { connectRedis } from '../src/redis-connection.ts';

const redisUrl = testRedisUrl();

/** A run as the engine hands it over (only what the coordinator reads of the plan). */
function distributedRun(
  total: number,
  signal = new AbortController().signal,
  inStore: readonly CheckpointRecord[] = [],
) {
  const done: InstanceSource[] = [];
  const saved: CheckpointRecord[] = [];
  const costStops: number[] = [];
  const run: DistributedRun = {
    plan: { runName: 'toy:model=m', benchmark: { id: 'toy' } } as unknown as RunPlan,
    runKey: 'suite/toy:model=m',
    total,
    resuming: inStore.length > 0,
    savedCheckpoints: () => inStore,
    signal,
    onQueued: () => {},
    onInstanceDone: (source) => done.push(source),
    save: async (checkpoints) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      saved.push(...checkpoints);
    },
    onCostCap: () => costStops.push(saved.length),
  };
  return { run, done, saved, costStops };
}

/** A batch's result as a worker returns it: the tally below and one checkpoint per position. */
function resultOfBatch(batch: InstanceBatch, stoppedForCost = false): BatchResult {
  const checkpoints: CheckpointRecord[] = [];
  for (let position = batch.start; position < batch.end; position++)
    checkpoints.push({
      position,
      instanceId: `id${position}`,
      data: { status: 'ok', requestKey: `k${position}` },
    });
  return { tally: tallyOfBatch(batch), checkpoints, stoppedForCost };
}

/** A batch's tally as a worker reports it: every instance from the model, 10 prompt tokens each. */
function tallyOfBatch(batch: InstanceBatch): ExecutionTally {
  const size = batch.end - batch.start;
  const tally = emptyTally();
  return {
    ...tally,
    counts: { ...tally.counts, model: size },
    usageBySource: { ...tally.usageBySource, model: { promptTokens: 10 * size, completionTokens: size } },
    candidatePicoUsd: String(1_000_000n * BigInt(size)),
  };
}

describe.skipIf(redisUrl === undefined)(
  `BullMqCoordinator and BatchWorker${redisUrl === undefined ? ` (${REDIS_SKIP_NOTE})` : ''}`,
  () => {
    const url = redisUrl as string;
    const closers: Array<() => Promise<void>> = [];
    afterEach(async () => {
      for (const close of closers.splice(0).reverse()) await close();
    });

    async function open(queueName: string, options: { workerTimeoutMs?: number; batchSize?: number } = {}) {
      const coordinator = await BullMqCoordinator.open({
        redisUrl: url,
        queueName,
        manifest: JSON.stringify({ queueName }),
        ...options,
      });
      closers.push(() => coordinator.close());
      return coordinator;
    }

    /** The queue as another client sees it; obliterated and closed after the test. */
    async function inspectQueue(queueName: string): Promise<Queue> {
      const connection = await connectRedis(url);
      const queue = new Queue(queueName, { connection });
      closers.push(async () => {
        await queue.obliterate({ force: true });
        await queue.close();
        connection.disconnect();
      });
      return queue;
    }

    async function startWorker(
      queueName: string,
      execute: (
        batch: InstanceBatch,
        signal?: AbortSignal,
        checkpoints?: readonly CheckpointRecord[],
      ) => Promise<BatchResult>,
      options: { once?: boolean; log?: string[]; started?: (worker: BatchWorker) => void } = {},
    ) {
      const manifests: string[] = [];
      const worker = await BatchWorker.start({
        redisUrl: url,
        queueName,
        ...(options.once === undefined ? {} : { once: options.once }),
        log: (message) => options.log?.push(message),
        openInvocation: async (manifest) => {
          manifests.push(manifest);
          return {
            execute: (batch, hooks) => execute(batch, hooks.signal, hooks.checkpoints),
            close: async () => {},
          };
        },
      });
      options.started?.(worker);
      closers.push(async () => {
        await worker.close();
      });
      return manifests;
    }

    it('cuts a run into batches, saves their checkpoints, sums the tallies, and forgets the jobs once written', async () => {
      const queueName = `test-${randomUUID()}`;
      const coordinator = await open(queueName, { batchSize: 3 });
      const batches: InstanceBatch[] = [];
      const manifests = await startWorker(queueName, async (batch) => {
        batches.push(batch);
        return resultOfBatch(batch);
      });
      const { run, done, saved } = distributedRun(7);
      const tally = await coordinator.executeRun(run);
      expect(
        batches
          .map((batch) => [batch.start, batch.end, batch.total])
          .sort((a, b) => (a[0] ?? 0) - (b[0] ?? 0)),
      ).toEqual([
        [0, 3, 7],
        [3, 6, 7],
        [6, 7, 7],
      ]);
      // The manifest reached the worker once (planned once per worker), under its hash.
      expect(manifests).toEqual([JSON.stringify({ queueName })]);
      expect(tally.counts).toEqual({ model: 7, cache: 0, checkpoint: 0, failed: 0 });
      expect(tally.usageBySource.model).toEqual({ promptTokens: 70, completionTokens: 7 });
      expect(tally.candidatePicoUsd).toBe('7000000');
      expect(done).toEqual(Array(7).fill('model'));
      // Every position's checkpoint came back through Redis and was saved before the run resolved.
      expect(saved.map((record) => record.position).sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6]);
      expect(saved.find((record) => record.position === 4)).toEqual({
        position: 4,
        instanceId: 'id4',
        data: { status: 'ok', requestKey: 'k4' },
      });
      const queue = await inspectQueue(queueName);
      expect((await queue.getJobCounts()).completed).toBe(3);
      await coordinator.runWritten(run.runKey);
      expect((await queue.getJobCounts()).completed).toBe(0);
    });

    it("a resumed run hands each batch's checkpoints from the coordinator's store to its worker", async () => {
      const queueName = `test-${randomUUID()}`;
      const coordinator = await open(queueName, { batchSize: 3 });
      const inStore: CheckpointRecord[] = [
        { position: 1, instanceId: 'id1', data: { status: 'ok', requestKey: 'k1' } },
        { position: 2, instanceId: 'id2', data: { status: 'failed', requestKey: 'k2', error: 'x' } },
      ];
      const handed = new Map<number, readonly CheckpointRecord[] | undefined>();
      await startWorker(queueName, async (batch, _signal, checkpoints) => {
        handed.set(batch.start, checkpoints);
        return resultOfBatch(batch);
      });
      const { run } = distributedRun(5, new AbortController().signal, inStore);
      await coordinator.executeRun(run);
      // Batch 0–2 got both (a worker reuses the completed one, retries the failed one); batch 3–4 none.
      expect(handed.get(0)).toEqual(inStore);
      expect(handed.get(3)).toBeUndefined();
      await coordinator.runWritten(run.runKey);
      const redis = await connectRedis(url);
      expect(await redis.keys(`medhelm:${queueName}:resume:*`)).toEqual([]);
      redis.disconnect();
    });

    it('a batch stopped by the shared --max-cost budget stops the run once its checkpoints are saved', async () => {
      const queueName = `test-${randomUUID()}`;
      const coordinator = await open(queueName, { batchSize: 2 });
      await startWorker(queueName, async (batch) => resultOfBatch(batch, batch.start === 0));
      const { run, saved, costStops } = distributedRun(2);
      await coordinator.executeRun(run);
      expect(saved).toHaveLength(2);
      // Called once, after the batch's 2 checkpoints were saved.
      expect(costStops).toEqual([2]);
    });

    it('fails the run when a batch returns a tally without checkpoints (a worker of another version)', {
      timeout: 30_000,
    }, async () => {
      const queueName = `test-${randomUUID()}`;
      const coordinator = await open(queueName, { batchSize: 5 });
      await startWorker(
        queueName,
        async (batch) => ({ tally: tallyOfBatch(batch), stoppedForCost: false }) as unknown as BatchResult,
      );
      const { run } = distributedRun(3);
      await expect(coordinator.executeRun(run)).rejects.toThrow(/returned no checkpoints and tally/);
    });

    it('a stopped worker hands a batch still running after the grace period back; another worker does it', {
      timeout: 60_000,
    }, async () => {
      const queueName = `test-${randomUUID()}`;
      const coordinator = await open(queueName, { batchSize: 4 });
      let slowWorker: BatchWorker | undefined;
      let slowStarted = () => {};
      const started = new Promise<void>((resolve) => {
        slowStarted = resolve;
      });
      const log: string[] = [];
      await startWorker(
        queueName,
        async (_batch, signal) => {
          slowStarted();
          // Never finishes on its own: only the stop ends it.
          await new Promise((_, reject) => signal?.addEventListener('abort', () => reject(signal.reason)));
          throw new Error('unreachable');
        },
        { log, started: (worker) => (slowWorker = worker) },
      );
      const { run, saved } = distributedRun(4);
      const result = coordinator.executeRun(run);
      await started;
      const stoppedAt = Date.now();
      expect(await (slowWorker as BatchWorker).close(300)).toBe('handed-back');
      expect(Date.now() - stoppedAt).toBeLessThan(5_000);
      expect(log.join('\n')).toMatch(/batch [0-9a-f]{16}:toy:0: handed back to the queue/);
      // The batch is waiting again, not failed: a second worker takes it at once (no stall timeout).
      await startWorker(queueName, async (batch) => resultOfBatch(batch));
      expect((await result).counts.model).toBe(4);
      expect(saved).toHaveLength(4);
    });

    it('--once: processes what is queued, then stops on its own', { timeout: 30_000 }, async () => {
      const queueName = `test-${randomUUID()}`;
      const coordinator = await open(queueName, { batchSize: 1 });
      const { run } = distributedRun(3);
      const result = coordinator.executeRun(run);
      await new Promise((resolve) => setTimeout(resolve, 300));
      const log: string[] = [];
      let worker: BatchWorker | undefined;
      await startWorker(queueName, async (batch) => resultOfBatch(batch), {
        once: true,
        log,
        started: (started) => (worker = started),
      });
      expect(await (worker as BatchWorker).stopped).toEqual({
        reason: 'drained',
        message: `nothing is left in queue ${queueName}.`,
      });
      expect((await result).counts.model).toBe(3);
      // One line per change of state: never the same state twice in a row.
      const states = log.filter((line) => line.startsWith('worker ')).map((line) => line.split(':')[0]);
      expect(states[0]).toBe('worker waiting');
      expect(states).toContain('worker working');
      expect(states.filter((state, index) => state === states[index - 1])).toEqual([]);
    });

    it("fails the run with the worker's reason once a batch has failed every attempt", {
      timeout: 30_000,
    }, async () => {
      const queueName = `test-${randomUUID()}`;
      const coordinator = await open(queueName, { batchSize: 5 });
      let attempts = 0;
      await startWorker(queueName, async () => {
        attempts++;
        throw new Error('the data file is not there');
      });
      const { run } = distributedRun(4);
      await expect(coordinator.executeRun(run)).rejects.toThrow(
        /instances 0–3\) of run toy:model=m failed on a worker after 3 attempt\(s\): worker on \S+: the data file is not there/,
      );
      expect(attempts).toBe(3);
    });

    it('gives up when no worker moves a batch for --worker-timeout, saying how to start one', {
      timeout: 30_000,
    }, async () => {
      const coordinator = await open(`test-${randomUUID()}`, { workerTimeoutMs: 500 });
      const { run } = distributedRun(2);
      await expect(coordinator.executeRun(run)).rejects.toThrow(
        /No worker started, advanced or finished a batch for 1 s/,
      );
    });

    it('says so when its batches are gone from Redis (an obliterated queue), instead of waiting forever', {
      timeout: 30_000,
    }, async () => {
      const queueName = `test-${randomUUID()}`;
      const coordinator = await open(queueName);
      const { run } = distributedRun(2);
      const result = coordinator.executeRun(run).catch((error: unknown) => error);
      await new Promise((resolve) => setTimeout(resolve, 300));
      await (await inspectQueue(queueName)).obliterate({ force: true });
      expect(String(await result)).toMatch(/Batch [0-9a-f]{16}:toy:0 of run toy:model=m is gone from Redis/);
    });

    it('withdraws the batches no worker took when the run is stopped (Ctrl-C)', {
      timeout: 30_000,
    }, async () => {
      const queueName = `test-${randomUUID()}`;
      const coordinator = await open(queueName, { batchSize: 1 });
      const controller = new AbortController();
      const { run } = distributedRun(3, controller.signal);
      const result = coordinator.executeRun(run);
      await new Promise((resolve) => setTimeout(resolve, 300));
      controller.abort();
      expect((await result).counts).toEqual({ model: 0, cache: 0, checkpoint: 0, failed: 0 });
      const queue = await inspectQueue(queueName);
      expect((await queue.getJobCounts()).waiting).toBe(0);
    });
  },
);
