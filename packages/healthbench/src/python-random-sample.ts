import { MersenneTwister } from '@medhelm/datasets';

/**
 * CPython's `random.Random(seed).sample(population, k)` (Lib/random.py, 3.11), written out because
 * HealthBench's `num_examples` draws with it: MT19937 seeded by `init_by_array`, `_randbelow` by
 * `getrandbits` rejection, and the pool or the set algorithm depending on n and k.
 */
export function pythonRandomSample<T>(population: readonly T[], k: number, seed: number): T[] {
  const n = population.length;
  if (!Number.isInteger(k) || k < 0 || k > n) {
    throw new RangeError(`Sample larger than population or is negative (k=${k}, n=${n})`);
  }
  if (!Number.isSafeInteger(seed) || seed < 0 || seed > 0xffffffff) {
    throw new RangeError(`pythonRandomSample takes a seed in [0, 2^32), got ${seed}`);
  }
  const generator = MersenneTwister.fromKeyArray([seed]);
  const randomBelow = (limit: number) => pythonRandomBelow(generator, limit);
  let setSize = 21;
  if (k > 5) setSize += 4 ** Math.ceil(Math.log(k * 3) / Math.log(4));
  const result: T[] = [];
  if (n <= setSize) {
    const pool = [...population];
    for (let index = 0; index < k; index++) {
      const chosen = randomBelow(n - index);
      result.push(pool[chosen]!);
      pool[chosen] = pool[n - index - 1]!;
    }
    return result;
  }
  const selected = new Set<number>();
  for (let index = 0; index < k; index++) {
    let chosen = randomBelow(n);
    while (selected.has(chosen)) chosen = randomBelow(n);
    selected.add(chosen);
    result.push(population[chosen]!);
  }
  return result;
}

/** `_randbelow_with_getrandbits(n)`: `getrandbits(n.bit_length())` until it is below n (n < 2^32). */
function pythonRandomBelow(generator: MersenneTwister, limit: number): number {
  const bits = 32 - Math.clz32(limit);
  for (;;) {
    const drawn = bits === 0 ? 0 : generator.nextUint32() >>> (32 - bits);
    if (drawn < limit) return drawn;
  }
}
