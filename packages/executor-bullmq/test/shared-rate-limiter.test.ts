import { randomUUID } from 'node:crypto';
import type { RateLimiter } from '@medhelm/http';
import { testRedisUrl } from '@medhelm/testing';
import { REDIS_SKIP_NOTE } from '@medhelm/testing/internal';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectRedis } from '../src/redis-connection.ts';
import { sharedRateLimiters } from '../src/shared-rate-limiter.ts';

const redisUrl = testRedisUrl();

describe.skipIf(redisUrl === undefined)(
  `sharedRateLimiters${redisUrl === undefined ? ` (${REDIS_SKIP_NOTE})` : ''}`,
  () => {
    const connections: Redis[] = [];
    beforeAll(async () => {
      connections.push(await connectRedis(redisUrl as string), await connectRedis(redisUrl as string));
    });
    afterAll(() => {
      for (const connection of connections) connection.disconnect();
    });

    it('two workers share one requests-per-minute budget; a waiting call can be aborted', async () => {
      const prefix = `test-limits-${randomUUID()}`;
      const [first, second] = connections.map((connection) =>
        sharedRateLimiters(connection, prefix)('openai-compatible http://model', {
          concurrency: 8,
          requestsPerMinute: 3,
        }),
      );
      const started: string[] = [];
      const call = (limiter: typeof first, name: string, signal?: AbortSignal) =>
        limiter?.run(1, async () => started.push(name), signal);
      await Promise.all([call(first, 'a1'), call(second, 'b1'), call(first, 'a2')]);
      expect(started.sort()).toEqual(['a1', 'a2', 'b1']);
      // The budget of the minute is spent by the two together: a fourth call waits, in either worker.
      const controller = new AbortController();
      const fourth = call(second, 'b2', controller.signal);
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(started).toHaveLength(3);
      controller.abort(new Error('stopped'));
      await expect(fourth).rejects.toThrow('stopped');
      expect(started).toHaveLength(3);
    });

    it('shares tokens per minute; a call refused for lack of them takes none', async () => {
      const prefix = `test-limits-${randomUUID()}`;
      const [first, second] = connections.map((connection) =>
        sharedRateLimiters(connection, prefix)('provider endpoint', {
          concurrency: 4,
          requestsPerMinute: 10,
          tokensPerMinute: 1000,
        }),
      );
      await first?.run(700, async () => {});
      const controller = new AbortController();
      let ran = false;
      const tooMany = second?.run(
        400,
        async () => {
          ran = true;
        },
        controller.signal,
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(ran).toBe(false);
      controller.abort(new Error('stopped'));
      await expect(tooMany).rejects.toThrow('stopped');
      // 300 tokens are left in the minute: a call of 300 starts at once.
      await second?.run(300, async () => {
        ran = true;
      });
      expect(ran).toBe(true);
    });

    it("a 429's Retry-After on one worker pauses the deployment on every worker", async () => {
      const prefix = `test-limits-${randomUUID()}`;
      const [first, second] = connections.map((connection) =>
        sharedRateLimiters(connection, prefix)('paused endpoint', { concurrency: 4 }),
      ) as [RateLimiter, RateLimiter];
      first.pause(first.now() + 600);
      // Let the pause reach Redis (it is sent without waiting).
      await new Promise((resolve) => setTimeout(resolve, 50));
      const startedAt = Date.now();
      await second.run(1, async () => {});
      expect(Date.now() - startedAt).toBeGreaterThanOrEqual(450);
    });

    it('with globalConcurrency, limits.concurrency caps the calls in flight of all workers together', async () => {
      const prefix = `test-limits-${randomUUID()}`;
      const limiters = connections.map((connection) =>
        sharedRateLimiters(connection, prefix, { globalConcurrency: true })('capped endpoint', {
          concurrency: 2,
        }),
      ) as [RateLimiter, RateLimiter];
      let inFlight = 0;
      let most = 0;
      const call = async () => {
        inFlight++;
        most = Math.max(most, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 30));
        inFlight--;
      };
      // Each worker alone may have 2 in flight; both together still only 2.
      await Promise.all(Array.from({ length: 8 }, (_, index) => limiters[index % 2]?.run(1, call)));
      expect(most).toBe(2);
    });

    it('leaves a deployment without per-minute limits to the local limiter alone', async () => {
      const limiter = sharedRateLimiters(connections[0] as Redis, `test-limits-${randomUUID()}`)('k', {
        concurrency: 2,
      });
      expect(await limiter.run(10, async () => 'done')).toBe('done');
    });
  },
);
