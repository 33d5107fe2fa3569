import { closest, distance } from 'fastest-levenshtein';

/**
 * The known id closest to a mistyped one (`pubmedqa` → `pubmed_qa`), if it is close: from 6
 * characters on, at most a quarter of the id's length apart and at least 2 edits (a swap of two
 * letters is 2); below 6, 1 edit, so `gpt-5` is not taken for a typo of `gpt-4o`. Else undefined.
 */
export function closestId(id: string, known: readonly string[]): string | undefined {
  if (known.length === 0) return undefined;
  const candidate = closest(id, known);
  const allowed = id.length < 6 ? 1 : Math.max(2, Math.floor(id.length / 4));
  return distance(id, candidate) <= allowed ? candidate : undefined;
}
