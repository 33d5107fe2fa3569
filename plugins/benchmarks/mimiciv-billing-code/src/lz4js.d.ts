// lz4js ships no types; these are the two functions of its CommonJS API this package uses.
declare module 'lz4js' {
  /** Decompresses one LZ4 frame; the result is exactly as long as the decompressed data. */
  export function decompress(source: Uint8Array, maxSize?: number): Uint8Array;
  /** Compresses to one LZ4 frame (used by the tests and the fixture script only). */
  export function compress(source: Uint8Array, maxSize?: number): Uint8Array;
}
