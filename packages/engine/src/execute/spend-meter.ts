import { usdFromPicoUsd } from '@medhelm/model-config';
import type { TokenCounts } from '../token-counts.ts';

/**
 * Adds up what model calls used: tokens of the calls made now (billed) and of answers that cost
 * nothing now (request cache, a shared identical call), and the dollars of the calls made, which
 * stay unknown once one call had no price (never reported as $0).
 */
export class SpendMeter {
  readonly spentUsage: TokenCounts = { promptTokens: 0, completionTokens: 0 };
  readonly cachedUsage: TokenCounts = { promptTokens: 0, completionTokens: 0 };
  #picoUsd = 0n;
  #unpriced = false;

  /** A call made now; `picoUsd` undefined when its price is unknown. */
  addSpent(usage: TokenCounts, picoUsd: bigint | undefined): void {
    add(this.spentUsage, usage);
    if (picoUsd === undefined) this.#unpriced = true;
    else this.#picoUsd += picoUsd;
  }

  /** An answer that cost nothing now. */
  addCached(usage: TokenCounts): void {
    add(this.cachedUsage, usage);
  }

  /** Dollars of the calls made now; undefined when one had no known price. */
  get usd(): number | undefined {
    const picoUsd = this.picoUsd;
    return picoUsd === undefined ? undefined : usdFromPicoUsd(picoUsd);
  }

  /** The same in exact pico-dollars (see `ExecutionTally`); undefined when one call had no known price. */
  get picoUsd(): bigint | undefined {
    return this.#unpriced ? undefined : this.#picoUsd;
  }
}

function add(total: TokenCounts, usage: TokenCounts): void {
  total.promptTokens += usage.promptTokens;
  total.completionTokens += usage.completionTokens;
}
