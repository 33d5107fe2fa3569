import { createHash } from 'node:crypto';
import { createRateLimiter, type RateLimiter, type RateLimiterOptions, sleep } from '@medhelm/http';
import type { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';

/** The window a deployment's requests and tokens per minute are counted over. */
const WINDOW_SECONDS = 60;

/**
 * Limiters whose requests and tokens per minute are shared by every worker through Redis
 * (rate-limiter-flexible, counted in fixed one-minute windows), while each worker keeps its own
 * concurrency (`limits.concurrency` is per worker) and its own pause after a 429. A call waits
 * first for a local slot, then for room in the shared budgets. Pass to the engine as its
 * `createLimiter`; `key` identifies the deployment.
 */
export function sharedRateLimiters(
  redis: Redis,
  keyPrefix: string,
): (key: string, options: RateLimiterOptions) => RateLimiter {
  return (key, options) => {
    const local = createRateLimiter({ concurrency: options.concurrency });
    const { requestsPerMinute, tokensPerMinute } = options;
    if (requestsPerMinute === undefined && tokensPerMinute === undefined) return local;
    const id = createHash('sha256').update(key).digest('hex').slice(0, 24);
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
    const acquire = async (estimatedTokens: number, signal?: AbortSignal) => {
      // A call estimated above the whole budget takes all of one window rather than never starting.
      const tokenPoints = Math.min(Math.max(1, Math.ceil(estimatedTokens)), tokensPerMinute ?? 1);
      for (;;) {
        signal?.throwIfAborted();
        const tokenWait = tokens === undefined ? 0 : await waitFor(tokens, id, tokenPoints);
        if (tokenWait > 0) {
          await sleep(tokenWait, signal);
          continue;
        }
        const requestWait = requests === undefined ? 0 : await waitFor(requests, id, 1);
        if (requestWait === 0) return;
        // The tokens go back while this call waits for a request slot.
        if (tokens !== undefined) await tokens.reward(id, tokenPoints);
        await sleep(requestWait, signal);
      }
    };
    return {
      run: (estimatedTokens, task, signal) =>
        local.run(
          estimatedTokens,
          async () => {
            await acquire(estimatedTokens, signal);
            return task();
          },
          signal,
        ),
      pause: (untilMs) => local.pause(untilMs),
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
