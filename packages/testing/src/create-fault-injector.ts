import { createSeededRandom } from '@medhelm/core';

/**
 * A failure the mock model server can inject in place of an answer:
 *
 * - `rate-limit`: 429 with `retry-after` and the wire's own rate-limit headers and body;
 * - `server-error`: 500 with the wire's error body;
 * - `unavailable`: 503 with the wire's error body;
 * - `connection-reset`: the socket is reset after the request body arrived, with no response;
 * - `hang`: the request is read and never answered, until the client gives up or the server closes;
 * - `malformed-json`: 200 with the success body cut in half;
 * - `empty-completion`: 200 with a success body that lacks its choices / candidates / content.
 */
export type FaultKind =
  | 'rate-limit'
  | 'server-error'
  | 'unavailable'
  | 'connection-reset'
  | 'hang'
  | 'malformed-json'
  | 'empty-completion';

/** Every {@link FaultKind}. */
export const FAULT_KINDS: readonly FaultKind[] = [
  'rate-limit',
  'server-error',
  'unavailable',
  'connection-reset',
  'hang',
  'malformed-json',
  'empty-completion',
];

/**
 * The kinds injected when `kinds` is not given: the transient failures every provider must report
 * as retryable and a retrying client must get past. `hang` (needs a client timeout) and the
 * malformed successes are opt-in.
 */
export const DEFAULT_FAULT_KINDS: readonly FaultKind[] = [
  'rate-limit',
  'server-error',
  'unavailable',
  'connection-reset',
];

/** The `faults` option of the mock model server. */
export interface MockFaultOptions {
  /** Probability, 0 to 1, that a model call gets a fault instead of its answer. */
  rate: number;
  /** Which faults to draw from, uniformly (default {@link DEFAULT_FAULT_KINDS}). */
  kinds?: readonly FaultKind[];
  /** Seed of the generator (default 1): the same seed and arrival order give the same faults. */
  seed?: number;
  /**
   * The `retry-after` of injected 429s, in seconds (default 1). Whole seconds are what HTTP
   * allows; a fraction is sent as it is, for clients that accept one.
   */
  retryAfterSeconds?: number;
}

/** One injected fault: the model-call index it replaced, its kind, and when (epoch milliseconds). */
export interface MockFault {
  index: number;
  kind: FaultKind;
  at: number;
}

/** Decides, call by call, whether to inject a fault. */
export interface FaultInjector {
  /** The retry-after of injected 429s, seconds. */
  readonly retryAfterSeconds: number;
  /**
   * The fault for the next call with this body key (e.g. a hash of the body), or undefined. A body
   * whose previous call got a fault never gets one, so a client that retries always gets through.
   */
  next(bodyKey: string): FaultKind | undefined;
}

/**
 * Creates a {@link FaultInjector}. Every call draws the same two numbers from the seeded generator
 * (whether to fault, which kind), so one call's outcome never shifts another's draws.
 */
export function createFaultInjector(options: MockFaultOptions): FaultInjector {
  const { rate } = options;
  if (typeof rate !== 'number' || !(rate >= 0 && rate <= 1)) {
    throw new RangeError(`faults.rate must be a number from 0 to 1, got ${String(rate)}`);
  }
  const kinds = options.kinds ?? DEFAULT_FAULT_KINDS;
  if (kinds.length === 0) throw new RangeError('faults.kinds must name at least one fault kind');
  for (const kind of kinds) {
    if (!FAULT_KINDS.includes(kind)) {
      throw new RangeError(`unknown fault kind ${JSON.stringify(kind)}; known: ${FAULT_KINDS.join(', ')}`);
    }
  }
  const retryAfterSeconds = options.retryAfterSeconds ?? 1;
  if (!Number.isFinite(retryAfterSeconds) || retryAfterSeconds < 0) {
    throw new RangeError(
      `faults.retryAfterSeconds must be a non-negative number, got ${String(retryAfterSeconds)}`,
    );
  }
  const random = createSeededRandom(options.seed ?? 1);
  const faultedLast = new Set<string>();

  return {
    retryAfterSeconds,
    next(bodyKey) {
      const roll = random();
      const pick = random();
      if (faultedLast.has(bodyKey)) {
        faultedLast.delete(bodyKey);
        return undefined;
      }
      if (roll >= rate) return undefined;
      faultedLast.add(bodyKey);
      return kinds[Math.min(Math.floor(pick * kinds.length), kinds.length - 1)];
    },
  };
}
