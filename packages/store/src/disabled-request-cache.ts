import type { RequestCacheLike } from './request-cache.ts';

/**
 * The request cache for `--no-cache`: every `get` misses, `put` keeps nothing, `size` is 0. It
 * touches no file, so a run without a cache needs no writable cache directory.
 */
export function createDisabledRequestCache(): RequestCacheLike {
  return {
    get: () => undefined,
    put: async () => {},
    size: () => 0,
  };
}
