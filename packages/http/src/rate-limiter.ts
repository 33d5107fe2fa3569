import { createRateQueue } from './rate-limiter-queue.ts';
import { createRateWindow } from './rate-window.ts';
import { sleep as realSleep, type Sleep } from './sleep.ts';

/** Limits of one provider endpoint. */
export interface RateLimiterOptions {
  /** Tasks running at once (at least 1). */
  concurrency: number;
  /** Task starts in any 60 s window; unlimited when left out. */
  requestsPerMinute?: number;
  /** Estimated tokens of the tasks started in any 60 s window; unlimited when left out. */
  tokensPerMinute?: number;
  /** Milliseconds clock (default Date.now); injectable for tests. */
  now?: () => number;
  /** Injectable for tests; must resolve (early) when its signal aborts. */
  sleep?: Sleep;
}

/** Shares one provider's concurrency, request and token budgets among every caller. */
export interface RateLimiter {
  /**
   * Runs `task` once a slot is free and the last 60 s leave room for one more request and
   * `estimatedTokens` more tokens (and no pause is in force). Callers start in the order they
   * called (FIFO). A task estimated above the whole token budget runs once the window holds no
   * tokens at all, rather than never. Aborting `signal` while waiting rejects with its reason; a
   * task already started is not affected.
   */
  run<T>(estimatedTokens: number, task: () => Promise<T>, signal?: AbortSignal): Promise<T>;
  /**
   * Starts no task before `untilMs` (on this limiter's clock, see `now`), e.g. when a 429 says when
   * the server's limit resets: every caller waits, not just the one that was refused. A pause
   * never shortens an earlier, longer one.
   */
  pause(untilMs: number): void;
  /** The limiter's clock, to compute `pause` instants. */
  now(): number;
  /** Tasks running and callers waiting, for progress displays and tests. */
  readonly active: number;
  readonly waiting: number;
}

/** A rate limiter for one endpoint; share it (see limiterKey) among all runs that call it. */
export function createRateLimiter(options: RateLimiterOptions): RateLimiter {
  const concurrency = Math.max(1, Math.floor(options.concurrency));
  const budgets = { requestsPerMinute: options.requestsPerMinute, tokensPerMinute: options.tokensPerMinute };
  const now = options.now ?? Date.now;
  const window = createRateWindow();
  let active = 0;
  let pausedUntil = Number.NEGATIVE_INFINITY;

  const queue = createRateQueue({
    blockedFor: (waiter, at) =>
      active >= concurrency
        ? Number.POSITIVE_INFINITY
        : Math.max(0, pausedUntil - at, window.waitFor(waiter.tokens, at, budgets)),
    started: (waiter, at) => {
      active++;
      window.add(at, waiter.tokens);
    },
    now,
    sleep: options.sleep ?? realSleep,
  });
  const release = () => {
    active--;
    void queue.pump();
  };

  return {
    run: (estimatedTokens, task, signal) => queue.enqueue(estimatedTokens, task, release, signal),
    pause(untilMs: number): void {
      if (untilMs <= pausedUntil) return;
      pausedUntil = untilMs;
      void queue.pump();
    },
    now: () => now(),
    get active() {
      return active;
    },
    get waiting() {
      return queue.length;
    },
  };
}

/**
 * The key under which one limiter is shared: the provider and the endpoint's origin and path
 * (no credentials, query or trailing slash), since rate limits belong to an account at a server.
 */
export function limiterKey(providerId: string, baseUrl: string): string {
  let endpoint = baseUrl;
  try {
    const url = new URL(baseUrl);
    endpoint = `${url.protocol}//${url.host}${url.pathname}`;
  } catch {
    // Not a URL (a provider without one): the text itself identifies it.
  }
  return `${providerId} ${endpoint.replace(/\/+$/, '')}`;
}
