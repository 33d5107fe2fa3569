/** The window that requests-per-minute and tokens-per-minute budgets are counted over. */
export const RATE_WINDOW_MS = 60_000;

/** The per-minute budgets of one endpoint; a budget left out is unlimited. */
export interface RateBudgets {
  requestsPerMinute?: number;
  tokensPerMinute?: number;
}

/** The task starts of the last 60 s with their estimated tokens: what the per-minute budgets count. */
export interface RateWindow {
  /** Records a task start at `at` (milliseconds) with its estimated tokens. */
  add(at: number, tokens: number): void;
  /** Milliseconds from `at` until the budgets leave room for a start of `tokens` more (0: now). */
  waitFor(tokens: number, at: number, budgets: RateBudgets): number;
}

/** A sliding 60 s window of task starts, oldest first, dropping those older than the window. */
export function createRateWindow(): RateWindow {
  const starts: { at: number; tokens: number }[] = [];
  let windowTokens = 0;

  function prune(at: number): void {
    while (starts.length > 0 && (starts[0]?.at ?? at) <= at - RATE_WINDOW_MS) {
      windowTokens -= starts.shift()?.tokens ?? 0;
    }
  }

  // Until the oldest of the last `rpm` starts leaves the window.
  function requestWait(rpm: number, at: number): number {
    if (starts.length < Math.max(1, rpm)) return 0;
    const oldest = starts[starts.length - Math.max(1, rpm)];
    return oldest === undefined ? 0 : oldest.at + RATE_WINDOW_MS - at;
  }

  // Until enough old starts leave the window; an oversized task waits for all of them.
  function tokenWait(tokens: number, tpm: number, at: number): number {
    if (windowTokens + tokens <= tpm || windowTokens <= 0) return 0;
    const allowed = tokens > tpm ? 0 : tpm - tokens;
    let left = windowTokens;
    for (const entry of starts) {
      left -= entry.tokens;
      if (left <= allowed) return entry.at + RATE_WINDOW_MS - at;
    }
    return 0;
  }

  return {
    add(at, tokens) {
      starts.push({ at, tokens });
      windowTokens += tokens;
    },
    waitFor(tokens, at, { requestsPerMinute, tokensPerMinute }) {
      prune(at);
      return Math.max(
        0,
        requestsPerMinute === undefined ? 0 : requestWait(requestsPerMinute, at),
        tokensPerMinute === undefined ? 0 : tokenWait(tokens, tokensPerMinute, at),
      );
    },
  };
}
