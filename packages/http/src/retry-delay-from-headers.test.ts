import { describe, expect, it } from 'vitest';
import { MAX_RETRY_HINT_MS, parseResetDuration, retryDelayFromHeaders } from './retry-delay-from-headers.ts';

const now = new Date('2025-01-01T00:00:00.000Z');

describe('parseResetDuration', () => {
  it.each([
    ['1s', 1000],
    ['6m0s', 360_000],
    ['20ms', 20],
    ['0.5s', 500],
    ['1h2m3.5s', 3_723_500],
    ['1m500ms', 60_500],
    ['7m12s', 432_000],
  ])('%s is %i ms', (text, ms) => {
    expect(parseResetDuration(text)).toBe(ms);
  });

  it.each(['', 'soon', '5', 's', '1d'])('%j is not a duration', (text) => {
    expect(parseResetDuration(text)).toBeUndefined();
  });
});

describe('retryDelayFromHeaders', () => {
  it('is undefined without a hint', () => {
    expect(retryDelayFromHeaders({ 'content-type': 'application/json' }, now)).toBeUndefined();
  });

  it('reads retry-after-ms, retry-after in seconds and as an HTTP-date', () => {
    expect(retryDelayFromHeaders({ 'retry-after-ms': '1500' }, now)).toBe(1500);
    expect(retryDelayFromHeaders({ 'retry-after': '7' }, now)).toBe(7000);
    expect(retryDelayFromHeaders({ 'retry-after': '0.25' }, now)).toBe(250);
    expect(retryDelayFromHeaders({ 'retry-after': 'Wed, 01 Jan 2025 00:00:30 GMT' }, now)).toBe(30_000);
    expect(retryDelayFromHeaders({ 'retry-after': 'Tue, 31 Dec 2024 23:59:00 GMT' }, now)).toBe(0);
    expect(retryDelayFromHeaders({ 'retry-after': 'whenever' }, now)).toBeUndefined();
  });

  it("reads OpenAI's reset durations when the limit is used up or its remainder is not given", () => {
    expect(retryDelayFromHeaders({ 'x-ratelimit-reset-requests': '20ms' }, now)).toBe(20);
    expect(
      retryDelayFromHeaders({ 'x-ratelimit-reset-tokens': '6m0s', 'x-ratelimit-remaining-tokens': '0' }, now),
    ).toBe(360_000);
    // Sent on every response; a limit with room left is no reason to wait.
    expect(
      retryDelayFromHeaders(
        {
          'x-ratelimit-reset-tokens': '6m0s',
          'x-ratelimit-remaining-tokens': '149000',
          'x-ratelimit-reset-requests': '120ms',
          'x-ratelimit-remaining-requests': '0',
        },
        now,
      ),
    ).toBe(120);
  });

  it("reads Anthropic's RFC 3339 reset instants", () => {
    expect(
      retryDelayFromHeaders(
        {
          'anthropic-ratelimit-requests-reset': '2025-01-01T00:00:02Z',
          'anthropic-ratelimit-requests-remaining': '0',
          'anthropic-ratelimit-input-tokens-reset': '2025-01-01T00:00:05.500Z',
          'anthropic-ratelimit-tokens-reset': '2025-01-01T00:00:04Z',
        },
        now,
      ),
    ).toBe(5500);
    expect(
      retryDelayFromHeaders(
        {
          'anthropic-ratelimit-tokens-reset': '2025-01-01T00:00:04Z',
          'anthropic-ratelimit-tokens-remaining': '80000',
        },
        now,
      ),
    ).toBeUndefined();
  });

  it('takes the largest hint and caps it', () => {
    expect(
      retryDelayFromHeaders(
        { 'retry-after': '2', 'retry-after-ms': '2500', 'x-ratelimit-reset-requests': '1s' },
        now,
      ),
    ).toBe(2500);
    expect(retryDelayFromHeaders({ 'retry-after': '86400' }, now)).toBe(MAX_RETRY_HINT_MS);
  });
});
