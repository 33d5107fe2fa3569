import type { CostBudget } from '@medhelm/engine';
import type { Redis } from 'ioredis';

/** How long an invocation's budget stays in Redis when its coordinator never removes it. */
const BUDGET_TTL_SECONDS = 7 * 24 * 3600;

/**
 * Takes `ARGV[1]` pico-dollars from the room left (KEYS[1]) unless the budget is exhausted
 * (KEYS[2]); a take that leaves the room below 0 is undone and exhausts the budget. DECRBY and
 * INCRBY count in exact 64-bit integers (enough for $9 million); only the sign of the result is
 * read in Lua, which a double keeps exactly.
 */
const RESERVE_SCRIPT = `
if redis.call('EXISTS', KEYS[2]) == 1 then return 0 end
local left = redis.call('DECRBY', KEYS[1], ARGV[1])
if left < 0 then
  redis.call('INCRBY', KEYS[1], ARGV[1])
  redis.call('SET', KEYS[2], '1', 'EX', ARGV[2])
  return 0
end
return 1
`;

/**
 * The `--max-cost` budget of a distributed invocation, kept in Redis so that every worker reserves
 * from the same cap (see the engine's `CostBudget`): the room left (cap − spent − reserved) and an
 * exhausted flag, keyed by the invocation. A reservation is atomic (a Lua script), so two workers
 * never both take the last dollars. Created by the coordinator; opened by each worker.
 */
export class RedisCostBudget implements CostBudget {
  #exhausted = false;

  private constructor(
    private readonly redis: Redis,
    private readonly keys: { room: string; spent: string; exhausted: string },
  ) {}

  /** The coordinator's: a fresh budget of `capPicoUsd` for the invocation (a new invocation spends anew). */
  static async create(
    redis: Redis,
    keyPrefix: string,
    invocation: string,
    capPicoUsd: bigint,
  ): Promise<RedisCostBudget> {
    const keys = budgetKeys(keyPrefix, invocation);
    await redis
      .multi()
      .set(keys.room, capPicoUsd.toString(), 'EX', BUDGET_TTL_SECONDS)
      .set(keys.spent, '0', 'EX', BUDGET_TTL_SECONDS)
      .del(keys.exhausted)
      .exec();
    return new RedisCostBudget(redis, keys);
  }

  /** A worker's: the invocation's budget, or undefined when its coordinator set none. */
  static async open(
    redis: Redis,
    keyPrefix: string,
    invocation: string,
  ): Promise<RedisCostBudget | undefined> {
    const keys = budgetKeys(keyPrefix, invocation);
    return (await redis.exists(keys.room)) === 1 ? new RedisCostBudget(redis, keys) : undefined;
  }

  async tryReserve(maxPicoUsd: bigint): Promise<boolean> {
    if (this.#exhausted) return false;
    const taken = await this.redis.eval(
      RESERVE_SCRIPT,
      2,
      this.keys.room,
      this.keys.exhausted,
      maxPicoUsd.toString(),
      String(BUDGET_TTL_SECONDS),
    );
    if (taken !== 1) this.#exhausted = true;
    return taken === 1;
  }

  async settle(reservedPicoUsd: bigint, actualPicoUsd: bigint): Promise<void> {
    await this.redis
      .multi()
      .incrby(this.keys.room, (reservedPicoUsd - actualPicoUsd).toString())
      .incrby(this.keys.spent, actualPicoUsd.toString())
      // A settle after the coordinator removed the budget must not leave keys behind for good.
      .expire(this.keys.room, BUDGET_TTL_SECONDS)
      .expire(this.keys.spent, BUDGET_TTL_SECONDS)
      .exec();
  }

  get exhausted(): boolean {
    return this.#exhausted;
  }

  /** Pico-dollars spent by the calls of every worker that returned. */
  async spentPicoUsd(): Promise<bigint> {
    return BigInt((await this.redis.get(this.keys.spent)) ?? '0');
  }

  /** Removes the budget (its invocation ended); a worker still holding it is refused from then on. */
  async remove(): Promise<void> {
    await this.redis.del(this.keys.room, this.keys.spent, this.keys.exhausted);
  }
}

function budgetKeys(keyPrefix: string, invocation: string) {
  const base = `${keyPrefix}:budget:${invocation}`;
  return { room: `${base}:room`, spent: `${base}:spent`, exhausted: `${base}:exhausted` };
}
