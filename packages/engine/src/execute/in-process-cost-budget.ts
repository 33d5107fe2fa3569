import { usdFromPicoUsd } from '@medhelm/model-config';
import { type CostBudget, capInPicoUsd } from './cost-budget.ts';

/** The `--max-cost` budget of an invocation whose model calls are all made in this process. */
export class InProcessCostBudget implements CostBudget {
  private spentPicoUsd = 0n;
  private reservedPicoUsd = 0n;
  private exhaustedFlag = false;
  private readonly capPicoUsd: bigint;

  /** `capUsd`: dollars, counted to the micro-dollar. */
  constructor(capUsd: number) {
    this.capPicoUsd = capInPicoUsd(capUsd);
  }

  tryReserve(maxPicoUsd: bigint): boolean {
    if (this.exhaustedFlag) return false;
    if (this.spentPicoUsd + this.reservedPicoUsd + maxPicoUsd > this.capPicoUsd) {
      this.exhaustedFlag = true;
      return false;
    }
    this.reservedPicoUsd += maxPicoUsd;
    return true;
  }

  settle(reservedPicoUsd: bigint, actualPicoUsd: bigint): void {
    this.reservedPicoUsd -= reservedPicoUsd;
    this.spentPicoUsd += actualPicoUsd;
  }

  get exhausted(): boolean {
    return this.exhaustedFlag;
  }

  /** Dollars spent by the calls that returned. */
  get spentUsd(): number {
    return usdFromPicoUsd(this.spentPicoUsd);
  }
}
