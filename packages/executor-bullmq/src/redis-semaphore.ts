import { randomUUID } from 'node:crypto';
import { sleep } from '@medhelm/http';
import type { Redis } from 'ioredis';

/** A slot is held for this long unless renewed: a worker killed mid-call frees it after this. */
const LEASE_MS = 60_000;
/** How often a held slot's lease is renewed. */
const RENEW_MS = LEASE_MS / 3;
/** The longest wait between two tries for a slot. */
const MAX_POLL_MS = 250;

/**
 * Takes a slot of at most `ARGV[1]` (KEYS[1] a sorted set of holders by lease end, on Redis's own
 * clock, so workers' clocks need not agree): expired leases are dropped first.
 */
const ACQUIRE_SCRIPT = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) < tonumber(ARGV[1]) then
  redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[3])
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  return 1
end
return 0
`;

/** Renews a held slot's lease (a no-op once it was dropped). */
const RENEW_SCRIPT = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
if redis.call('ZSCORE', KEYS[1], ARGV[2]) then
  redis.call('ZADD', KEYS[1], now + tonumber(ARGV[1]), ARGV[2])
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
end
return 0
`;

/**
 * At most `limit` tasks at once across every process that uses the same `key` in Redis (a
 * deployment's `limits.concurrency` as a cap for all workers together). Each slot is leased and
 * renewed while its task runs, so a worker killed mid-task frees its slots within a minute.
 */
export async function withRedisSlot<T>(
  redis: Redis,
  key: string,
  limit: number,
  task: () => Promise<T>,
  signal?: AbortSignal,
): Promise<T> {
  const holder = randomUUID();
  for (let attempt = 0; ; attempt++) {
    signal?.throwIfAborted();
    const taken = await redis.eval(ACQUIRE_SCRIPT, 1, key, String(limit), String(LEASE_MS), holder);
    if (taken === 1) break;
    await sleep(Math.min(MAX_POLL_MS, 10 * 2 ** attempt), signal);
  }
  const renewal = setInterval(() => {
    redis.eval(RENEW_SCRIPT, 1, key, String(LEASE_MS), holder).catch(() => {});
  }, RENEW_MS);
  renewal.unref();
  try {
    return await task();
  } finally {
    clearInterval(renewal);
    await redis.zrem(key, holder).catch(() => 0);
  }
}
