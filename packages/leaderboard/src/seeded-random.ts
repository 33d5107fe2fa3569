/**
 * A seeded pseudo-random source of floats in [0, 1): mulberry32, a small 32-bit generator whose
 * stream depends only on the seed, so confidence intervals and p-values are the same on every
 * machine and every run. Statistical quality is ample for resampling; it is not cryptographic.
 */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
