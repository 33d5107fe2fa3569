/**
 * Longest wait a server hint may impose. A hint beyond it (a daily quota's reset time, a clock set
 * wrong) is capped rather than stalling a run for hours; the retry then fails fast and says so.
 */
export const MAX_RETRY_HINT_MS = 10 * 60_000;

// OpenAI's reset durations: "1s", "6m0s", "20ms", "1h2m3.5s", "0.5s".
const durationPattern =
  /^(?:(\d+(?:\.\d+)?)h)?(?:(\d+(?:\.\d+)?)m(?!s))?(?:(\d+(?:\.\d+)?)s)?(?:(\d+(?:\.\d+)?)ms)?$/;

/** Milliseconds in a Go-style duration (`6m0s`, `20ms`, `1.5s`), or undefined when it is not one. */
export function parseResetDuration(value: string): number | undefined {
  const text = value.trim();
  if (text === '') return undefined;
  const match = durationPattern.exec(text);
  if (match === null) return undefined;
  const [, hours, minutes, seconds, milliseconds] = match;
  if (hours === undefined && minutes === undefined && seconds === undefined && milliseconds === undefined) {
    return undefined;
  }
  return (
    Number(hours ?? 0) * 3_600_000 +
    Number(minutes ?? 0) * 60_000 +
    Number(seconds ?? 0) * 1000 +
    Number(milliseconds ?? 0)
  );
}

function nonNegativeNumber(value: string): number | undefined {
  const text = value.trim();
  if (!/^\d+(?:\.\d+)?$/.test(text)) return undefined;
  return Number(text);
}

// Milliseconds until an absolute instant (RFC 3339 or HTTP-date); undefined when unparsable.
function untilInstant(value: string, now: Date): number | undefined {
  const at = Date.parse(value.trim());
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - now.getTime());
}

/**
 * How long the server asks us to wait before the next request, in milliseconds, or undefined when
 * it gives no hint. Reads `retry-after-ms`, `retry-after` (seconds or an HTTP-date), OpenAI's
 * `x-ratelimit-reset-requests` / `x-ratelimit-reset-tokens` (durations such as `6m0s`) and
 * Anthropic's `anthropic-ratelimit-{requests,tokens,input-tokens,output-tokens}-reset` (RFC 3339
 * instants), each of these only when its `remaining` header is 0 or absent. The largest hint wins, since every exhausted limit must have reset; capped at
 * MAX_RETRY_HINT_MS. Header names must be lower-case (as ModelCallError and postJson keep them).
 */
export function retryDelayFromHeaders(
  headers: Readonly<Record<string, string>>,
  now: Date,
): number | undefined {
  const hints: number[] = [];
  const add = (value: number | undefined) => {
    if (value !== undefined && Number.isFinite(value)) hints.push(value);
  };

  const retryAfterMs = headers['retry-after-ms'];
  if (retryAfterMs !== undefined) add(nonNegativeNumber(retryAfterMs));
  const retryAfter = headers['retry-after'];
  if (retryAfter !== undefined) {
    const seconds = nonNegativeNumber(retryAfter);
    add(seconds !== undefined ? seconds * 1000 : untilInstant(retryAfter, now));
  }
  // OpenAI and Anthropic send their reset times on every response, also for limits that are far
  // from exhausted (the token bucket's full refill can be minutes away). A reset only says how
  // long to wait when its limit is used up, or when the response does not say what is left.
  const resets: [reset: string, remaining: string, parse: (value: string) => number | undefined][] = [
    ['x-ratelimit-reset-requests', 'x-ratelimit-remaining-requests', parseResetDuration],
    ['x-ratelimit-reset-tokens', 'x-ratelimit-remaining-tokens', parseResetDuration],
  ];
  for (const kind of ['requests', 'tokens', 'input-tokens', 'output-tokens']) {
    resets.push([
      `anthropic-ratelimit-${kind}-reset`,
      `anthropic-ratelimit-${kind}-remaining`,
      (value) => untilInstant(value, now),
    ]);
  }
  for (const [resetName, remainingName, parse] of resets) {
    const reset = headers[resetName];
    if (reset === undefined) continue;
    const remaining = headers[remainingName];
    const left = remaining === undefined ? undefined : nonNegativeNumber(remaining);
    if (left !== undefined && left > 0) continue;
    add(parse(reset));
  }
  if (hints.length === 0) return undefined;
  return Math.min(Math.ceil(Math.max(...hints)), MAX_RETRY_HINT_MS);
}
