/**
 * MT19937, the generator behind numpy's legacy `RandomState`, seeded as `RandomState.seed(int)`
 * seeds it (`init_genrand`). Only what HELM's sampling needs: 32-bit draws.
 */
class MersenneTwister {
  private readonly state = new Uint32Array(624);
  private index = 624;

  constructor(seed: number) {
    this.state[0] = seed >>> 0;
    for (let i = 1; i < 624; i++) {
      const previous = this.state[i - 1]! ^ (this.state[i - 1]! >>> 30);
      // 1812433253 * previous + i, modulo 2^32, without losing precision.
      this.state[i] = (Math.imul(1812433253, previous) + i) >>> 0;
    }
  }

  nextUint32(): number {
    if (this.index >= 624) this.twist();
    let y = this.state[this.index++]!;
    y ^= y >>> 11;
    y ^= (y << 7) & 0x9d2c5680;
    y ^= (y << 15) & 0xefc60000;
    y ^= y >>> 18;
    return y >>> 0;
  }

  private twist(): void {
    const state = this.state;
    for (let i = 0; i < 624; i++) {
      const y = (state[i]! & 0x80000000) | (state[(i + 1) % 624]! & 0x7fffffff);
      let next = state[(i + 397) % 624]! ^ (y >>> 1);
      if (y & 1) next ^= 0x9908b0df;
      state[i] = next >>> 0;
    }
    this.index = 0;
  }
}

/**
 * numpy's legacy `np.random.RandomState(seed).permutation(n)`: a Fisher-Yates shuffle of `0..n-1`
 * from the last position down, each swap index drawn with numpy's masked rejection sampling
 * (`random_interval`). Its first `k` entries are what HELM's samplers pick:
 * `RandomState(seed).choice(n, k, replace=False)` (HELM's `downsample_eval_instances`, seed 0) and
 * pandas' `DataFrame.sample(n=k, random_state=seed)` (EHRSHOT's lab tasks, seed 1), in that order.
 *
 * @param seed a 32-bit seed, as `RandomState(seed)` takes it.
 * @param n how many indices to shuffle (below 2^32).
 */
export function numpyLegacyPermutation(seed: number, n: number): number[] {
  if (!Number.isInteger(n) || n < 0 || n > 0xffffffff) {
    throw new RangeError(`numpyLegacyPermutation: n must be an integer in [0, 2^32), got ${n}`);
  }
  const all = Array.from({ length: n }, (_, index) => index);
  const generator = new MersenneTwister(seed);
  for (let i = n - 1; i >= 1; i--) {
    const j = randomInterval(generator, i);
    const swap = all[i]!;
    all[i] = all[j]!;
    all[j] = swap;
  }
  return all;
}

/** numpy's `random_interval(max)`: a uniform integer in [0, max] by masking and rejection. */
function randomInterval(generator: MersenneTwister, max: number): number {
  if (max === 0) return 0;
  let mask = max;
  mask |= mask >>> 1;
  mask |= mask >>> 2;
  mask |= mask >>> 4;
  mask |= mask >>> 8;
  mask |= mask >>> 16;
  for (;;) {
    const value = (generator.nextUint32() & mask) >>> 0;
    if (value <= max) return value;
  }
}
