/**
 * A small deterministic pseudo-random generator (mulberry32): the same seed gives the same sequence of
 * numbers in [0, 1) on every platform and every run, so bootstrap intervals, p-values and test fixtures
 * repeat exactly. The one copy in the workspace; statistical quality is ample for resampling, and it is
 * not for anything secret.
 */
export function createSeededRandom(seed: number): () => number {
  let state = Math.trunc(seed) >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
