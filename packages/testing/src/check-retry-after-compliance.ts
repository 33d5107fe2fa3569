/** What the compliance check needs of a recorded request (a subset of the mock server's `MockRequest`). */
export interface RetryAfterRequestRecord {
  route: string;
  rawBody: string;
  receivedAt: number;
  callIndex: number | undefined;
  response: { status: number; headers: Readonly<Record<string, string>>; sentAt: number } | undefined;
}

/** Options of {@link checkRetryAfterCompliance}. */
export interface RetryAfterComplianceOptions {
  /** How much earlier than asked a retry may arrive and still comply, milliseconds (default 50). */
  toleranceMs?: number;
}

/** The verdict on one 429 that carried `retry-after` (or `retry-after-ms`). */
export interface RetryAfterCheck {
  /** Position of the 429's request in `server.requests`. */
  requestIndex: number;
  /** Its model-call index (as in `server.faults` and the reply callback). */
  callIndex: number | undefined;
  /** How long the server asked the client to wait, milliseconds. */
  retryAfterMs: number;
  /** Whether a later request had the same route and body. */
  retried: boolean;
  /** Position of that request in `server.requests`. */
  retryRequestIndex: number | undefined;
  /** From sending the 429 to receiving the retry, milliseconds. */
  waitedMs: number | undefined;
  /** True when there was no retry, or it came at least `retryAfterMs - toleranceMs` later. */
  compliant: boolean;
}

/**
 * For every 429 answered with `retry-after` (seconds or an HTTP date; `retry-after-ms` wins when
 * both are there, as OpenAI's and Azure's clients read it), finds the next request with the same
 * route and body and says whether it came no sooner than asked. Requests are matched by body, so
 * concurrent calls for different prompts do not mix.
 */
export function checkRetryAfterCompliance(
  requests: readonly RetryAfterRequestRecord[],
  options: RetryAfterComplianceOptions = {},
): RetryAfterCheck[] {
  const toleranceMs = options.toleranceMs ?? 50;
  const checks: RetryAfterCheck[] = [];
  requests.forEach((request, requestIndex) => {
    const response = request.response;
    if (response?.status !== 429) return;
    const retryAfterMs = retryAfterMilliseconds(response.headers, response.sentAt);
    if (retryAfterMs === undefined) return;
    let retryRequestIndex: number | undefined;
    for (let later = requestIndex + 1; later < requests.length; later++) {
      const candidate = requests[later];
      if (candidate?.route === request.route && candidate.rawBody === request.rawBody) {
        retryRequestIndex = later;
        break;
      }
    }
    const retry = retryRequestIndex === undefined ? undefined : requests[retryRequestIndex];
    const waitedMs = retry === undefined ? undefined : retry.receivedAt - response.sentAt;
    checks.push({
      requestIndex,
      callIndex: request.callIndex,
      retryAfterMs,
      retried: retry !== undefined,
      retryRequestIndex,
      waitedMs,
      compliant: waitedMs === undefined || waitedMs >= retryAfterMs - toleranceMs,
    });
  });
  return checks;
}

/** The wait a response asks for, milliseconds: `retry-after-ms`, else `retry-after` (seconds or date). */
export function retryAfterMilliseconds(
  headers: Readonly<Record<string, string>>,
  sentAt: number,
): number | undefined {
  const milliseconds = headers['retry-after-ms'];
  if (milliseconds !== undefined && milliseconds.trim() !== '' && Number.isFinite(Number(milliseconds))) {
    return Math.max(0, Number(milliseconds));
  }
  const value = headers['retry-after']?.trim();
  if (value === undefined || value === '') return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - sentAt);
}
