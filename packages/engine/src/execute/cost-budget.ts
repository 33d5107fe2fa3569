/**
 * The `--max-cost` cap of one invocation, shared by all its runs (and, on workers, by every worker:
 * the distributed executor supplies one kept in Redis). Before a model call, the call's maximum
 * cost is reserved: if what was spent, plus the reservations of the calls in flight, plus this one
 * would cross the cap, the reservation is refused and the budget is exhausted (the caller stops
 * scheduling). When a call returns, its reservation is replaced by what it actually cost. Amounts
 * are exact pico-dollars (see `costInPicoUsd`).
 */
export interface CostBudget {
  /** Reserves `maxPicoUsd` for a call; false (and exhausted from now on) when it would cross the cap. */
  tryReserve(maxPicoUsd: bigint): boolean | Promise<boolean>;
  /** Releases a reservation and records what the call actually cost (0 when it failed). */
  settle(reservedPicoUsd: bigint, actualPicoUsd: bigint): void | Promise<void>;
  /** A reservation was refused: no further model call may start. */
  readonly exhausted: boolean;
}

/** A `--max-cost` in dollars as exact pico-dollars, counted to the micro-dollar. */
export function capInPicoUsd(capUsd: number): bigint {
  if (!Number.isFinite(capUsd) || capUsd < 0) throw new RangeError(`cost cap must be >= 0, got ${capUsd}`);
  return BigInt(Math.round(capUsd * 1e6)) * 1_000_000n;
}
