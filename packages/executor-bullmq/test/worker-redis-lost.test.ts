import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { BatchWorker } from '../src/batch-worker.ts';

/** Whether this machine has a redis-server to start and stop (this test's own, not the shared one). */
const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A redis-server of this test alone, without persistence, answering once started. */
async function startRedis(): Promise<{ url: string; process: ChildProcess }> {
  const port = await freePort();
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: 'ignore',
    },
  );
  const url = `redis://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 50; attempt++) {
    if (
      spawnSync('redis-cli', ['-p', String(port), 'ping'])
        .stdout?.toString()
        .includes('PONG')
    )
      return { url, process: child };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`redis-server on port ${port} did not answer`);
}

describe.skipIf(!hasRedisServer)(
  `a worker whose Redis goes away${hasRedisServer ? '' : ' (skipped: no redis-server on PATH to start and stop)'}`,
  () => {
    const stoppers: Array<() => void> = [];
    afterEach(() => {
      for (const stop of stoppers.splice(0)) stop();
    });

    async function workerWithOwnRedis() {
      const redis = await startRedis();
      stoppers.push(() => redis.process.kill('SIGKILL'));
      const log: string[] = [];
      const worker = await BatchWorker.start({
        redisUrl: redis.url,
        queueName: 'lost',
        log: (message) => log.push(message),
        openInvocation: async () => {
          throw new Error('no batch is queued in this test');
        },
      });
      return { redis, worker, log };
    }

    it('stops on its own within about 10 s, saying so once, instead of retrying forever', {
      timeout: 30_000,
    }, async () => {
      const { redis, worker, log } = await workerWithOwnRedis();
      const lostAt = Date.now();
      redis.process.kill('SIGKILL');
      const stopped = await worker.stopped;
      expect(Date.now() - lostAt).toBeLessThan(10_000);
      expect(stopped.reason).toBe('redis-lost');
      expect(stopped.message).toContain(`Redis at ${redis.url}`);
      const closedAt = Date.now();
      expect(await worker.close()).toBe('abandoned');
      expect(Date.now() - closedAt).toBeLessThan(5_000);
      // One line for the loss, however many reconnection attempts failed.
      expect(log.filter((line) => line.startsWith('worker redis-unreachable'))).toHaveLength(1);
    });

    it('closes at once when stopped (SIGTERM) while Redis is unreachable', { timeout: 30_000 }, async () => {
      const { redis, worker, log } = await workerWithOwnRedis();
      redis.process.kill('SIGKILL');
      await new Promise((resolve) => setTimeout(resolve, 500));
      const closedAt = Date.now();
      expect(await worker.close()).toBe('abandoned');
      expect(Date.now() - closedAt).toBeLessThan(5_000);
      expect(log.join('\n')).toContain('worker stopping: Redis is unreachable');
    });
  },
);
