import { usdFromPicoUsd } from '@medhelm/model-config';

/**
 * The `--max-cost` cap of one invocation, shared by all its runs. Before a model call, the call's
 * maximum cost is reserved: if what was spent, plus the reservations of the calls in flight, plus
 * this one would cross the cap, the reservation is refused and the budget is marked exhausted (the
 * caller stops scheduling). When a call returns, its reservation is replaced by what it actually
 * cost. Amounts are exact pico-dollars (see `costInPicoUsd`).
 */
export class CostBudget {
  private spentPicoUsd = 0n;
  private reservedPicoUsd = 0n;
  private exhaustedFlag = false;
  private readonly capPicoUsd: bigint;

  /** `capUsd`: dollars, counted to the micro-dollar. */
  constructor(capUsd: number) {
    if (!Number.isFinite(capUsd) || capUsd < 0) throw new RangeError(`cost cap must be >= 0, got ${capUsd}`);
    this.capPicoUsd = BigInt(Math.round(capUsd * 1e6)) * 1_000_000n;
  }

  /** Reserves `maxPicoUsd` for a call; false (and exhausted from now on) when it would cross the cap. */
  tryReserve(maxPicoUsd: bigint): boolean {
    if (this.exhaustedFlag) return false;
    if (this.spentPicoUsd + this.reservedPicoUsd + maxPicoUsd > this.capPicoUsd) {
      this.exhaustedFlag = true;
      return false;
    }
    this.reservedPicoUsd += maxPicoUsd;
    return true;
  }

  /** Releases a reservation and records what the call actually cost (0 when it failed). */
  settle(reservedPicoUsd: bigint, actualPicoUsd: bigint): void {
    this.reservedPicoUsd -= reservedPicoUsd;
    this.spentPicoUsd += actualPicoUsd;
  }

  /** A reservation was refused: no further model call may start. */
  get exhausted(): boolean {
    return this.exhaustedFlag;
  }

  /** Dollars spent by the calls that returned. */
  get spentUsd(): number {
    return usdFromPicoUsd(this.spentPicoUsd);
  }
}
