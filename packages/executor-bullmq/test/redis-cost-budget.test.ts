import { randomUUID } from 'node:crypto';
import { testRedisUrl } from '@medhelm/testing';
import { REDIS_SKIP_NOTE } from '@medhelm/testing/internal';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectRedis } from '../src/redis-connection.ts';
import { RedisCostBudget } from '../src/redis-cost-budget.ts';

const redisUrl = testRedisUrl();
const USD = 1_000_000_000_000n; // pico-dollars

describe.skipIf(redisUrl === undefined)(
  `RedisCostBudget${redisUrl === undefined ? ` (${REDIS_SKIP_NOTE})` : ''}`,
  () => {
    const connections: Redis[] = [];
    beforeAll(async () => {
      for (let index = 0; index < 3; index++) connections.push(await connectRedis(redisUrl as string));
    });
    afterAll(() => {
      for (const connection of connections) connection.disconnect();
    });

    it('two workers reserve from one cap: the call that would cross it is refused, and every later one', async () => {
      const [coordinatorConnection, firstConnection, secondConnection] = connections as [Redis, Redis, Redis];
      const prefix = `test-budget-${randomUUID()}`;
      const coordinator = await RedisCostBudget.create(coordinatorConnection, prefix, 'inv', 10n * USD);
      const first = (await RedisCostBudget.open(firstConnection, prefix, 'inv')) as RedisCostBudget;
      const second = (await RedisCostBudget.open(secondConnection, prefix, 'inv')) as RedisCostBudget;
      expect(await first.tryReserve(4n * USD)).toBe(true);
      expect(await second.tryReserve(4n * USD)).toBe(true);
      // $8 reserved of $10: $3 more would cross the cap, whichever worker asks.
      expect(await second.tryReserve(3n * USD)).toBe(false);
      expect(second.exhausted).toBe(true);
      // The other worker is refused too, even for what would fit: the budget is exhausted for all.
      expect(await first.tryReserve(1n)).toBe(false);
      await first.settle(4n * USD, 3n * USD + 1n);
      await second.settle(4n * USD, 2n * USD);
      expect(await coordinator.spentPicoUsd()).toBe(5n * USD + 1n);
    });

    it('is exact to the pico-dollar near the cap, and concurrent reservations never exceed it', async () => {
      const prefix = `test-budget-${randomUUID()}`;
      const cap = 1000n * USD + 7n;
      await RedisCostBudget.create(connections[0] as Redis, prefix, 'inv', cap);
      const budgets = await Promise.all(
        connections.map(
          async (connection) => (await RedisCostBudget.open(connection, prefix, 'inv')) as RedisCostBudget,
        ),
      );
      // 3 workers ask for $100 each, 12 times at once: exactly 10 fit.
      const granted = await Promise.all(
        Array.from({ length: 12 }, (_, index) =>
          (budgets[index % 3] as RedisCostBudget).tryReserve(100n * USD),
        ),
      );
      expect(granted.filter(Boolean)).toHaveLength(10);
    });

    it('has no budget for an invocation without --max-cost, and refuses once the coordinator removed it', async () => {
      const prefix = `test-budget-${randomUUID()}`;
      expect(await RedisCostBudget.open(connections[1] as Redis, prefix, 'inv')).toBeUndefined();
      const coordinator = await RedisCostBudget.create(connections[0] as Redis, prefix, 'inv', USD);
      const worker = (await RedisCostBudget.open(connections[1] as Redis, prefix, 'inv')) as RedisCostBudget;
      await coordinator.remove();
      expect(await worker.tryReserve(1n)).toBe(false);
    });
  },
);
