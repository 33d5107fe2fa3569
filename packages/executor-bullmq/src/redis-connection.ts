import { ConfigError } from '@medhelm/core';
import { Redis } from 'ioredis';

/** How long a first connection to Redis may take before the command gives up. */
const CONNECT_TIMEOUT_MS = 5_000;

/** The wait before the n-th reconnection attempt is n × this, at most 2 s. */
const RECONNECT_STEP_MS = 200;

/**
 * A connection to the Redis at `url` (`redis://[user:password@]host:port[/db]`, or `rediss://`),
 * checked with a PING before it is returned, so an unreachable server is a clear error at once
 * rather than a command that waits forever. BullMQ's blocking connections need
 * `maxRetriesPerRequest: null`; every connection made here has it.
 */
export async function connectRedis(
  url: string,
  options: {
    /**
     * Reconnection attempts after a drop before the connection gives up and emits `end` (a
     * worker: about 10 s, then it exits); default: retried for as long as it takes.
     */
    reconnectAttempts?: number;
  } = {},
): Promise<Redis> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ConfigError(`--redis-url "${redactRedisUrl(url)}" is not a URL.`, {
      hint: 'Give it as redis://host:port, e.g. redis://127.0.0.1:6379.',
    });
  }
  if (parsed.protocol !== 'redis:' && parsed.protocol !== 'rediss:') {
    throw new ConfigError(`--redis-url "${redactRedisUrl(url)}" is not a redis:// or rediss:// URL.`, {
      hint: 'Give it as redis://host:port, e.g. redis://127.0.0.1:6379.',
    });
  }
  // The first connection is not retried (a refused one fails at once); later drops are, with
  // backoff, up to `reconnectAttempts` in a row (the count starts again once reconnected).
  let connected = false;
  const attempts = options.reconnectAttempts ?? Number.POSITIVE_INFINITY;
  const redis = new Redis(url, {
    maxRetriesPerRequest: null,
    connectTimeout: CONNECT_TIMEOUT_MS,
    retryStrategy: (attempt) =>
      connected && attempt <= attempts ? Math.min(attempt * RECONNECT_STEP_MS, 2_000) : null,
  });
  let lastError = '';
  const onError = (error: Error) => {
    lastError = error.message;
  };
  redis.on('error', onError);
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      redis.ping(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('no answer')), CONNECT_TIMEOUT_MS);
      }),
    ]);
  } catch (error) {
    redis.disconnect();
    const reason = lastError || (error instanceof Error ? error.message : String(error));
    throw new ConfigError(
      `Cannot reach Redis at ${redactRedisUrl(url)} within ${CONNECT_TIMEOUT_MS / 1000} s: ${reason}.`,
      { hint: 'Start redis-server (e.g. `redis-server --daemonize yes`), or correct --redis-url.' },
    );
  } finally {
    clearTimeout(timer);
  }
  connected = true;
  redis.off('error', onError);
  // Later connection errors are retried by ioredis; BullMQ reports them where they matter.
  redis.on('error', () => {});
  return redis;
}

/** `url` without its password, for messages and logs. */
export function redactRedisUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password !== '') parsed.password = '***';
    return parsed.toString();
  } catch {
    return url.replace(/\/\/[^@/]*@/, '//***@');
  }
}
