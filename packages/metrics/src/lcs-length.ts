/**
 * The length of the longest common subsequence of two token-id sequences, bit-parallel (Allison
 * and Dix 1986; Hyyrö 2004): one bit per position of the shorter sequence, 32 to a word, so a
 * step over the longer sequence costs ⌈m/32⌉ word operations instead of m cell updates. A row `V`
 * starts all ones; for a token with match mask `M`, `V ← (V + (V & M)) | (V & ~M)`; the length is
 * the number of zero bits among the m. An integer, identical to the quadratic dynamic programme
 * rouge_score runs, which stays here only as the test's oracle.
 */
export function lcsLength(first: Int32Array, second: Int32Array): number {
  const [outer, inner] = first.length >= second.length ? [first, second] : [second, first];
  const length = inner.length;
  if (length === 0) return 0;
  const words = Math.ceil(length / 32);
  const masks = matchMasks(inner, words);
  const row = new Uint32Array(words).fill(0xffffffff);
  for (let index = 0; index < outer.length; index++) {
    const mask = masks.get(outer[index] as number);
    if (mask === undefined) continue; // no match anywhere: the row is unchanged
    let carry = 0;
    for (let word = 0; word < words; word++) {
      const value = row[word] as number;
      const matched = (value & (mask[word] as number)) >>> 0;
      const sum = value + matched + carry;
      carry = sum > 0xffffffff ? 1 : 0;
      row[word] = ((sum >>> 0) | (value & ~(mask[word] as number))) >>> 0;
    }
  }
  let zeros = 0;
  for (let position = 0; position < length; position++) {
    if ((((row[position >>> 5] as number) >>> (position & 31)) & 1) === 0) zeros++;
  }
  return zeros;
}

/** For each token of `inner`, the bits of the positions where it occurs. */
function matchMasks(inner: Int32Array, words: number): Map<number, Uint32Array> {
  const masks = new Map<number, Uint32Array>();
  for (let position = 0; position < inner.length; position++) {
    const token = inner[position] as number;
    let mask = masks.get(token);
    if (mask === undefined) {
      mask = new Uint32Array(words);
      masks.set(token, mask);
    }
    mask[position >>> 5] = ((mask[position >>> 5] as number) | (1 << (position & 31))) >>> 0;
  }
  return masks;
}
