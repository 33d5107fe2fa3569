import { randomUUID } from 'node:crypto';
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

    it('leaves a deployment without per-minute limits to the local limiter alone', async () => {
      const limiter = sharedRateLimiters(connections[0] as Redis, `test-limits-${randomUUID()}`)('k', {
        concurrency: 2,
      });
      expect(await limiter.run(10, async () => 'done')).toBe('done');
    });
  },
);
