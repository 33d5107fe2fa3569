import { onAbort } from './on-abort.ts';
import { sleep as realSleep, type Sleep } from './sleep.ts';

/** The window that requests-per-minute and tokens-per-minute budgets are counted over. */
export const RATE_WINDOW_MS = 60_000;

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

interface Waiter {
  tokens: number;
  start: () => void;
}

/** A rate limiter for one endpoint; share it (see limiterKey) among all runs that call it. */
export function createRateLimiter(options: RateLimiterOptions): RateLimiter {
  const concurrency = Math.max(1, Math.floor(options.concurrency));
  const rpm = options.requestsPerMinute;
  const tpm = options.tokensPerMinute;
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? realSleep;

  const queue: Waiter[] = [];
  // Starts within the window, oldest first.
  const window: { at: number; tokens: number }[] = [];
  let windowTokens = 0;
  let active = 0;
  let pausedUntil = Number.NEGATIVE_INFINITY;
  let pumping = false;
  let wakeUp: AbortController | undefined;

  function prune(at: number): void {
    while (window.length > 0 && (window[0]?.at ?? at) <= at - RATE_WINDOW_MS) {
      windowTokens -= window.shift()?.tokens ?? 0;
    }
  }

  // 0 when `waiter` may start now, Infinity when it must wait for a running task to end,
  // otherwise the milliseconds until the budgets may allow it.
  function blockedFor(waiter: Waiter, at: number): number {
    if (active >= concurrency) return Number.POSITIVE_INFINITY;
    let wait = Math.max(0, pausedUntil - at);
    prune(at);
    if (rpm !== undefined && window.length >= Math.max(1, rpm)) {
      const oldest = window[window.length - Math.max(1, rpm)];
      if (oldest !== undefined) wait = Math.max(wait, oldest.at + RATE_WINDOW_MS - at);
    }
    if (tpm !== undefined && windowTokens + waiter.tokens > tpm && windowTokens > 0) {
      // Wait until enough old starts leave the window; an oversized task waits for all of them.
      const allowed = waiter.tokens > tpm ? 0 : tpm - waiter.tokens;
      let left = windowTokens;
      for (const entry of window) {
        left -= entry.tokens;
        if (left <= allowed) {
          wait = Math.max(wait, entry.at + RATE_WINDOW_MS - at);
          break;
        }
      }
    }
    return wait;
  }

  // One loop starts waiters in order; a release, pause or new caller wakes it from its sleep.
  async function pump(): Promise<void> {
    if (pumping) {
      wakeUp?.abort();
      return;
    }
    pumping = true;
    try {
      while (queue.length > 0) {
        const head = queue[0] as Waiter;
        const at = now();
        const wait = blockedFor(head, at);
        if (wait === Number.POSITIVE_INFINITY) return;
        if (wait <= 0) {
          queue.shift();
          active++;
          window.push({ at, tokens: head.tokens });
          windowTokens += head.tokens;
          head.start();
          continue;
        }
        wakeUp = new AbortController();
        await sleep(wait, wakeUp.signal);
        wakeUp = undefined;
      }
    } finally {
      pumping = false;
    }
  }

  function release(): void {
    active--;
    void pump();
  }

  return {
    run<T>(estimatedTokens: number, task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        if (signal?.aborted) {
          reject(signal.reason);
          return;
        }
        const abortWaiting = () => {
          const index = queue.indexOf(waiter);
          if (index === -1) return;
          queue.splice(index, 1);
          reject(signal?.reason);
          // The head may have left: the next caller may be able to start now.
          void pump();
        };
        const waiter: Waiter = {
          tokens: Math.max(0, Number.isFinite(estimatedTokens) ? estimatedTokens : 0),
          start: () => {
            stopListening();
            let running: Promise<T>;
            try {
              running = task();
            } catch (error) {
              running = Promise.reject(error);
            }
            running.then(resolve, reject).finally(release);
          },
        };
        const stopListening = onAbort(signal, abortWaiting);
        queue.push(waiter);
        void pump();
      });
    },
    pause(untilMs: number): void {
      if (untilMs <= pausedUntil) return;
      pausedUntil = untilMs;
      void pump();
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
