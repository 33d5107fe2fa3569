import { createHash } from 'node:crypto';
import { createRateLimiter, type RateLimiter, type RateLimiterOptions, sleep } from '@medhelm/http';
import type { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { withRedisSlot } from './redis-semaphore.ts';

/** The window a deployment's requests and tokens per minute are counted over. */
const WINDOW_SECONDS = 60;

/** Sets a pause of `ARGV[1]` ms on KEYS[1] unless a longer one is already in force. */
const PAUSE_SCRIPT = `
if redis.call('PTTL', KEYS[1]) < tonumber(ARGV[1]) then
  redis.call('SET', KEYS[1], '1', 'PX', ARGV[1])
end
return 0
`;

/** How the limits of one invocation are shared by its workers. */
export interface SharedLimitsOptions {
  /**
   * A deployment's `limits.concurrency` caps its calls in flight across all workers together
   * (`--global-concurrency`); otherwise each worker may have that many in flight.
   */
  globalConcurrency?: boolean;
}

/**
 * Limiters shared by every worker through Redis: a deployment's requests and tokens per minute
 * (rate-limiter-flexible, counted in fixed one-minute windows), a server's Retry-After (a 429 to
 * one worker pauses that deployment on every worker), and with `globalConcurrency` its calls in
 * flight. A call waits first for a local slot (`limits.concurrency` per worker), then for the
 * shared ones. Pass to the engine as its `createLimiter`; `key` identifies the deployment.
 */
export function sharedRateLimiters(
  redis: Redis,
  keyPrefix: string,
  shared: SharedLimitsOptions = {},
): (key: string, options: RateLimiterOptions) => RateLimiter {
  return (key, options) => {
    const local = createRateLimiter({ concurrency: options.concurrency });
    const id = createHash('sha256').update(key).digest('hex').slice(0, 24);
    const pauseKey = `${keyPrefix}:pause:${id}`;
    const acquireRate = rateBudgets(redis, keyPrefix, id, options);
    const acquire = async (estimatedTokens: number, signal?: AbortSignal) => {
      for (;;) {
        signal?.throwIfAborted();
        const pausedMs = await redis.pttl(pauseKey);
        if (pausedMs > 0) {
          await sleep(pausedMs, signal);
          continue;
        }
        if (await acquireRate(estimatedTokens, signal)) return;
      }
    };
    const slots = Math.max(1, Math.floor(options.concurrency));
    return {
      run: (estimatedTokens, task, signal) =>
        local.run(
          estimatedTokens,
          async () => {
            const call = async () => {
              await acquire(estimatedTokens, signal);
              return task();
            };
            return shared.globalConcurrency === true
              ? withRedisSlot(redis, `${keyPrefix}:slots:${id}`, slots, call, signal)
              : call();
          },
          signal,
        ),
      pause: (untilMs) => {
        local.pause(untilMs);
        const pauseMs = Math.ceil(untilMs - local.now());
        if (pauseMs > 0) redis.eval(PAUSE_SCRIPT, 1, pauseKey, String(pauseMs)).catch(() => {});
      },
      now: () => local.now(),
      get active() {
        return local.active;
      },
      get waiting() {
        return local.waiting;
      },
    };
  };
}

/**
 * Takes one request and `estimatedTokens` from the deployment's shared per-minute budgets: true
 * once taken, false after waiting for room (the caller checks the pause again, then retries).
 */
function rateBudgets(
  redis: Redis,
  keyPrefix: string,
  id: string,
  options: RateLimiterOptions,
): (estimatedTokens: number, signal?: AbortSignal) => Promise<boolean> {
  const { requestsPerMinute, tokensPerMinute } = options;
  const budget = (kind: string, points: number) =>
    new RateLimiterRedis({
      storeClient: redis,
      points,
      duration: WINDOW_SECONDS,
      keyPrefix: `${keyPrefix}:${kind}`,
    });
  const requests =
    requestsPerMinute === undefined ? undefined : budget('rpm', Math.max(1, requestsPerMinute));
  const tokens = tokensPerMinute === undefined ? undefined : budget('tpm', Math.max(1, tokensPerMinute));
  return async (estimatedTokens, signal) => {
    // A call estimated above the whole budget takes all of one window rather than never starting.
    const tokenPoints = Math.min(Math.max(1, Math.ceil(estimatedTokens)), tokensPerMinute ?? 1);
    const tokenWait = tokens === undefined ? 0 : await waitFor(tokens, id, tokenPoints);
    if (tokenWait > 0) {
      await sleep(tokenWait, signal);
      return false;
    }
    const requestWait = requests === undefined ? 0 : await waitFor(requests, id, 1);
    if (requestWait === 0) return true;
    // The tokens go back while this call waits for a request slot.
    if (tokens !== undefined) await tokens.reward(id, tokenPoints);
    await sleep(requestWait, signal);
    return false;
  };
}

/**
 * 0 when `points` were taken from the shared budget, else the milliseconds until it has room. A
 * refused consume still counts its points in rate-limiter-flexible, so they are given back at once.
 */
async function waitFor(limiter: RateLimiterRedis, id: string, points: number): Promise<number> {
  try {
    await limiter.consume(id, points);
    return 0;
  } catch (rejection) {
    if (!(rejection instanceof RateLimiterRes)) throw rejection;
    await limiter.reward(id, points);
    return Math.max(1, rejection.msBeforeNext);
  }
}
