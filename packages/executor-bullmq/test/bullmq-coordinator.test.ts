import { randomUUID } from 'node:crypto';
import type { DistributedRun, ExecutionTally, InstanceBatch, InstanceSource, RunPlan } from '@medhelm/engine';
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
function distributedRun(total: number, signal = new AbortController().signal) {
  const done: InstanceSource[] = [];
  const run: DistributedRun = {
    plan: { runName: 'toy:model=m', benchmark: { id: 'toy' } } as unknown as RunPlan,
    runKey: 'suite/toy:model=m',
    total,
    resuming: false,
    signal,
    onQueued: () => {},
    onInstanceDone: (source) => done.push(source),
  };
  return { run, done };
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
      execute: (batch: InstanceBatch) => Promise<ExecutionTally>,
    ) {
      const manifests: string[] = [];
      const worker = await BatchWorker.start({
        redisUrl: url,
        queueName,
        openInvocation: async (manifest) => {
          manifests.push(manifest);
          return { execute: (batch) => execute(batch), close: async () => {} };
        },
      });
      closers.push(() => worker.close());
      return manifests;
    }

    it('cuts a run into batches, relays progress, sums the tallies, and forgets the jobs once written', async () => {
      const queueName = `test-${randomUUID()}`;
      const coordinator = await open(queueName, { batchSize: 3 });
      const batches: InstanceBatch[] = [];
      const manifests = await startWorker(queueName, async (batch) => {
        batches.push(batch);
        return tallyOfBatch(batch);
      });
      const { run, done } = distributedRun(7);
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
      const queue = await inspectQueue(queueName);
      expect((await queue.getJobCounts()).completed).toBe(3);
      await coordinator.runWritten(run.runKey);
      expect((await queue.getJobCounts()).completed).toBe(0);
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
        /instances 0–3\) of run toy:model=m failed on a worker after 3 attempt\(s\): the data file is not there/,
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
