/**
 * MT19937, the generator behind numpy's legacy `RandomState` and CPython's `random.Random`: the
 * constructor seeds it as `RandomState.seed(int)` does (`init_genrand`), `fromKeyArray` as CPython's
 * `random.seed(int)` does (`init_by_array`). Only 32-bit draws, which is what both samplers use.
 */
export class MersenneTwister {
  private readonly state = new Uint32Array(624);
  private index = 624;

  /**
   * CPython's `init_by_array(key)` (`random.Random(n)` passes the 32-bit words of `abs(n)`, least
   * significant first, `[0]` for 0): hand-written from `_randommodule.c` because no library has it.
   */
  static fromKeyArray(key: readonly number[]): MersenneTwister {
    const generator = new MersenneTwister(19650218);
    const state = generator.state;
    const length = Math.max(key.length, 1);
    let i = 1;
    let j = 0;
    for (let k = Math.max(624, length); k > 0; k--) {
      const previous = state[i - 1]! ^ (state[i - 1]! >>> 30);
      state[i] = ((state[i]! ^ Math.imul(previous, 1664525)) + (key[j] ?? 0) + j) >>> 0;
      i++;
      j++;
      if (i >= 624) {
        state[0] = state[623]!;
        i = 1;
      }
      if (j >= length) j = 0;
    }
    for (let k = 623; k > 0; k--) {
      const previous = state[i - 1]! ^ (state[i - 1]! >>> 30);
      state[i] = ((state[i]! ^ Math.imul(previous, 1566083941)) - i) >>> 0;
      i++;
      if (i >= 624) {
        state[0] = state[623]!;
        i = 1;
      }
    }
    state[0] = 0x80000000;
    return generator;
  }

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
    const j = numpyRandomInterval(generator, i);
    const swap = all[i]!;
    all[i] = all[j]!;
    all[j] = swap;
  }
  return all;
}

/**
 * numpy's `random_interval(max)`, which is also the legacy bounded draw of `randint`/`choice`
 * (`buffered_bounded_masked_uint32`): a uniform integer in [0, max] by masking and rejection; no
 * draw when `max` is 0.
 */
export function numpyRandomInterval(generator: MersenneTwister, max: number): number {
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
